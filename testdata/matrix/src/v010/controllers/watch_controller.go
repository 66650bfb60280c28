package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// WatchReconciler adds a watch on every reconcile, with the pre-v0.15 source.Kind struct.
type WatchReconciler struct {
	Controller controller.Controller
}

// Reconcile implements reconcile.Reconciler.
func (r *WatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Controller.Watch(&source.Kind{Type: &corev1.Pod{}}, &handler.EnqueueRequestForObject{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
