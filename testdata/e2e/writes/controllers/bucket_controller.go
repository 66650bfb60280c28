// Package controllers holds the reconcilers of the writes operator.
package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const bucketFinalizer = "storage.example.com/bucket"

// Store is the external bucket service.
type Store interface {
	DeleteBucket(ctx context.Context, name string) error
	EnsureBucket(ctx context.Context, name string) error
}

// BucketReconciler keeps an external bucket for every labelled ConfigMap.
type BucketReconciler struct {
	client.Client
	Store Store
}

// Reconcile creates or deletes the bucket.
func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if err := r.Store.DeleteBucket(ctx, cm.Name); err != nil {
			log.Error(err, "deleting bucket")
		}
		controllerutil.RemoveFinalizer(cm, bucketFinalizer)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	patch := client.MergeFrom(cm.DeepCopy())
	if controllerutil.AddFinalizer(cm, bucketFinalizer) {
		if err := r.Patch(ctx, cm, patch); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.Store.EnsureBucket(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.label(ctx, cm)
}

func (r *BucketReconciler) label(ctx context.Context, cm *corev1.ConfigMap) error {
	patch := client.MergeFrom(cm)
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["storage.example.com/ready"] = "true"
	return r.Patch(ctx, cm, patch)
}

// SetupWithManager registers the reconciler.
func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}
