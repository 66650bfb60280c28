// Package ctrlnew builds controllers with controller.New and Watch.
package ctrlnew

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type NewReconciler struct {
	client.Client
	ctrl controller.Controller
}

func (r *NewReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func Add(mgr ctrl.Manager) error {
	r := &NewReconciler{Client: mgr.GetClient()}
	c, err := controller.New("new", mgr, controller.Options{Reconciler: r}) // want `controller ctrlnew.NewReconciler: watch v1.Deployment\(object\)\[generation\] watch v1.Pod\(owner\) timeout=no`
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(mgr.GetCache(), &appsv1.Deployment{}, &handler.TypedEnqueueRequestForObject[*appsv1.Deployment]{}, predicate.TypedGenerationChangedPredicate[*appsv1.Deployment]{})); err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Pod{}, handler.TypedEnqueueRequestForOwner[*corev1.Pod](mgr.GetScheme(), nil, &appsv1.Deployment{}, handler.OnlyControllerOwner())))
}

type StoredReconciler struct {
	client.Client
	ctrl controller.Controller
}

func (r *StoredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// The controller is kept for watches added at run time: not fully known.
func (r *StoredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	c, err := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Build(r) // want `controller ctrlnew.StoredReconciler: for v1.ConfigMap opaque\(stored in r.ctrl\)`
	if err != nil {
		return err
	}
	r.ctrl = c
	return nil
}
