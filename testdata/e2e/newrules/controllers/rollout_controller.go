// Package controllers holds the controllers of the cases of the newer rules.
package controllers

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RolloutReconciler waits for Deployments to become available.
type RolloutReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *RolloutReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Spec.Replicas != nil && d.Status.AvailableReplicas < *d.Spec.Replicas {
		// A busy poll of an object of the cluster: reported.
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil
	}
	// A slow recheck: not reported.
	return ctrl.Result{RequeueAfter: 10 * time.Minute}, nil
}

// SetupWithManager registers the controller.
func (r *RolloutReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}
