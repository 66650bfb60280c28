// Package controllers is a controller whose module's go.sum the broken-module corpus
// makes incomplete (internal/brokencorpus deletes one transitive hash).
package controllers

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SleepReconciler waits in its Reconcile: a finding once the module loads.
type SleepReconciler struct {
	client.Client
}

// Reconcile sleeps.
func (r *SleepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(time.Second)
	return ctrl.Result{}, nil
}
