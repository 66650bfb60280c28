// Package basic builds controllers with the builder, every option in one place.
package basic

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type AppReconciler struct{ client.Client }

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr). // want `controller basic.AppReconciler: for v1.Deployment\[generation\] owns v1.ConfigMap\(owner\) owns v1.Secret\(every\) watches v1.Pod\(map\)\[other\] watches v1.Namespace\(owner\) filters\[other\] timeout=yes`
							For(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
							Owns(&corev1.ConfigMap{}).
							Owns(&corev1.Secret{}, builder.MatchEveryOwner).
							Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.mapPod), builder.WithPredicates(predicate.Funcs{})).
							Watches(&corev1.Namespace{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), nil, &appsv1.Deployment{}, handler.OnlyControllerOwner())).
							WithEventFilter(predicate.NewPredicateFuncs(func(client.Object) bool { return true })).
							WithOptions(controller.Options{MaxConcurrentReconciles: 2, ReconciliationTimeout: time.Minute}).
							Complete(r)
}

func (r *AppReconciler) mapPod(ctx context.Context, o client.Object) []reconcile.Request { return nil }

// A reconciler whose builder is in a variable, changed in steps.
type StepReconciler struct{ client.Client }

func (r *StepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

var ignoreStatus = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
	},
}

func (r *StepReconciler) SetupWithManager(mgr ctrl.Manager, watchSecrets bool) error {
	b := builder.ControllerManagedBy(mgr).Named("step")
	b = b.For(&corev1.ConfigMap{})
	if watchSecrets {
		b.Owns(&corev1.Secret{}) // the builder changes in place
	}
	b.WithEventFilter(ignoreStatus)
	return b.Complete(r) // want `controller basic.StepReconciler: for v1.ConfigMap owns v1.Secret\(owner\) filters\[generation\]`
}

// Embedded: the controller runs the embedded type's Reconcile.
type baseReconciler struct{ client.Client }

func (r *baseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

type WrappedReconciler struct{ baseReconciler }

func (r *WrappedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	opts := controller.Options{MaxConcurrentReconciles: 3}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{}))).WithOptions(opts).Complete(r) // want `controller basic.baseReconciler: for v1.Pod\[other\] timeout=no`
}

// Object reconciler through AsReconciler.
type PodReconciler struct{ client.Client }

func (r *PodReconciler) Reconcile(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func SetupPods(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}, builder.OnlyMetadata).Complete(reconcile.AsReconciler[*corev1.Pod](mgr.GetClient(), &PodReconciler{})) // want `controller basic.PodReconciler: for v1.Pod`
}

func newManagerOptions() ctrl.Options {
	return ctrl.Options{Controller: config.Controller{ReconciliationTimeout: 2 * time.Minute}}
}
