package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/newrules/internal/cleanup"
)

// ArchiveReconciler reads the reconciled object through a helper package.
type ArchiveReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *ArchiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	// Reported: the helper's Get of the reconciled object returns NotFound unchanged.
	if err := cleanup.Fetch(ctx, r.Client, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: this helper filters NotFound.
	var secret corev1.Secret
	if err := cleanup.FetchIgnoringGone(ctx, r.Client, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
