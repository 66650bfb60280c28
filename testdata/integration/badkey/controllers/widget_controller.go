// Package controllers is never analysed: the configuration is rejected first.
package controllers

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// WidgetReconciler sleeps.
type WidgetReconciler struct{}

// Reconcile is the entry point.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(time.Second)
	return ctrl.Result{}, nil
}
