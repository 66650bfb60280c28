// Package helpers wires controllers through helpers of its own and of package common.
package helpers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"

	"wiring/common"
)

type AReconciler struct{ client.Client }

func (r *AReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// A shared helper of another package completes the controller.
func (r *AReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return common.Setup(mgr, &appsv1.Deployment{}, r, controller.Options{}) // want `controller helpers.AReconciler: for v1.Deployment owns v1.ConfigMap\(owner\) timeout=no`
}

type BReconciler struct{ client.Client }

func (r *BReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// A builder from another package's helper, changed here and by another helper.
func (r *BReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := common.NewBuilder(mgr, &corev1.ConfigMap{})
	common.AddPodWatch(b)
	b = r.addDeployments(b)
	return b.Complete(r) // want `controller helpers.BReconciler: for v1.ConfigMap owns v1.Secret\(owner\) owns v1.Pod\(owner\) owns v1.Deployment\(owner\)`
}

func (r *BReconciler) addDeployments(b *builder.Builder) *builder.Builder {
	return b.Owns(&appsv1.Deployment{})
}

type CReconciler struct{ client.Client }

func (r *CReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// The builder is made here and completed by a helper of another package.
func (r *CReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return common.Finish(ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}), r) // want `controller helpers.CReconciler: for v1.Secret`
}

// A helper of this package with the reconciler as a parameter.
type DReconciler struct{ client.Client }

func (r *DReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func setupFor(mgr ctrl.Manager, r *DReconciler, obj client.Object) error {
	return ctrl.NewControllerManagedBy(mgr).For(obj).Complete(r)
}

func (r *DReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return setupFor(mgr, r, &corev1.Pod{}) // want `controller helpers.DReconciler: for v1.Pod`
}
