package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Reconcile implements reconcile.Reconciler (v0.7 on).
func (r *WriteRulesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return r.sync(ctx, req)
}

// Reconcile implements reconcile.Reconciler (v0.7 on).
func (r *ConditionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return r.sync(ctx, req)
}

// Reconcile implements reconcile.Reconciler (v0.7 on).
func (r *GoodWritesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return r.sync(ctx, req)
}
