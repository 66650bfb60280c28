package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"example.com/newrules/internal/cleanup"
)

const bucketFinalizer = "example.com/bucket"

// BucketReconciler deletes a bucket when its ConfigMap is deleted.
type BucketReconciler struct {
	client.Client
	Store cleanup.Store
}

// Reconcile implements reconcile.Reconciler.
func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		// Reported: the helper of another package swallows the cleanup's error.
		cleanup.Bucket(ctx, r.Store, cm.Name)
		// Reported: a Delete whose NotFound keeps the owner Terminating.
		if err := r.Delete(ctx, &corev1.Secret{}); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&cm, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	if cm.Data["reset"] != "" {
		// Reported: the finalizers of other controllers are dropped.
		cm.SetFinalizers(nil)
	}
	// Reported: the helper returns the status write's error, dropped here.
	_ = cleanup.Status(ctx, r.Client, &cm)
	return ctrl.Result{}, nil
}
