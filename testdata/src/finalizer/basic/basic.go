package basic

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/cleanup"

type Store interface {
	DeleteBucket(ctx context.Context, name string) error
}

type Reconciler struct {
	client.Client
	store Store
	log   logr.Logger
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if err := r.store.DeleteBucket(ctx, cm.Name); err != nil {
			r.log.Error(err, "cannot delete bucket")
		}
		controllerutil.RemoveFinalizer(cm, finalizer) // want `the finalizer is removed although the error of r.store.DeleteBucket was discarded: if the cleanup failed, the object is deleted and what it owns outside the cluster leaks: return the error so that the cleanup is retried \(Reconcile\)`
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	patch := client.MergeFrom(cm.DeepCopy()) // want `the added finalizer is written with a JSON merge patch without optimistic lock: the patch replaces the whole finalizers list and drops finalizers that other controllers added since the read: add client.MergeFromWithOptimisticLock\{\} \(Reconcile\)`
	controllerutil.AddFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Patch(ctx, cm, patch)
}

// A deletion handler: the error is dropped as a statement, and with _.
func (r *Reconciler) reconcileDelete(ctx context.Context, cm *corev1.ConfigMap, child *corev1.Secret) error {
	r.store.DeleteBucket(ctx, cm.Name)
	controllerutil.RemoveFinalizer(cm, finalizer) // want `the error of r.store.DeleteBucket was discarded`
	return r.Update(ctx, cm)
}

func (r *Reconciler) deleteChild(ctx context.Context, cm *corev1.ConfigMap, child *corev1.Secret) error {
	_ = r.Delete(ctx, child)
	orig := cm.DeepCopy()
	if controllerutil.RemoveFinalizer(cm, finalizer) { // want `the error of r.Delete was discarded`
		return r.Patch(ctx, cm, client.MergeFromWithOptions(orig)) // want `the removed finalizer is written with a JSON merge patch without optimistic lock`
	}
	return nil
}

// The error assigned before the if, only logged.
func (r *Reconciler) logged(ctx context.Context, cm *corev1.ConfigMap) error {
	var err error
	err = r.store.DeleteBucket(ctx, cm.Name)
	if err != nil {
		r.log.Info("ignoring", "err", err)
	}
	controllerutil.RemoveFinalizer(cm, finalizer) // want `the error of r.store.DeleteBucket was discarded`
	return r.Update(ctx, cm)
}
