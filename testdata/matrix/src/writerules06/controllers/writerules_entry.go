package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *WriteRulesReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	return r.sync(context.TODO(), req)
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *ConditionsReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	return r.sync(context.TODO(), req)
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *GoodWritesReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	return r.sync(context.TODO(), req)
}
