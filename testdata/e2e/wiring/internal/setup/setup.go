// Package setup builds the controllers of package controllers: one place for the
// options every controller shares.
package setup

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Controller completes a controller for obj that owns ConfigMaps.
func Controller(mgr ctrl.Manager, obj client.Object, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(obj).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

// Bounded returns a builder for obj whose reconciles time out after a minute.
func Bounded(mgr ctrl.Manager, obj client.Object) *builder.Builder {
	return ctrl.NewControllerManagedBy(mgr).
		For(obj).
		WithOptions(controller.Options{ReconciliationTimeout: time.Minute})
}
