package negative

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
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

// The cleanup error is returned; the finalizer is added with an optimistic lock.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if err := r.store.DeleteBucket(ctx, cm.Name); err != nil {
			r.log.Error(err, "cannot delete bucket")
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, finalizer)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	patch := client.MergeFromWithOptions(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.AddFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Patch(ctx, cm, patch)
}

// A dropped error outside the deletion branch, and a status write whose error is
// dropped: neither is a cleanup of this deletion.
func (r *Reconciler) outside(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = r.store.DeleteBucket(ctx, "unrelated")
	if cm.GetDeletionTimestamp() != nil {
		_ = r.Status().Update(ctx, cm)
		controllerutil.RemoveFinalizer(cm, finalizer)
		return r.Update(ctx, cm)
	}
	return nil
}

// Errors collected and returned; a not-found error tolerated; a dropped error on a
// path that returns before the removal.
func (r *Reconciler) collected(ctx context.Context, cm *corev1.ConfigMap, names []string) error {
	var errs []error
	for _, n := range names {
		if err := r.store.DeleteBucket(ctx, n); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs[0]
	}
	if err := r.Delete(ctx, cm); err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	if len(names) == 0 {
		_ = r.store.DeleteBucket(ctx, "x")
		return nil
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Update(ctx, cm)
}

// The merge patch is built after the finalizer change (the finalizer is not in the
// patch), a strategic merge patch merges the list, and Update sends resourceVersion.
func (r *Reconciler) patches(ctx context.Context, cm *corev1.ConfigMap, s *corev1.Secret) error {
	controllerutil.AddFinalizer(cm, finalizer)
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	patch := client.MergeFrom(cm.DeepCopy())
	cm.Data = map[string]string{"a": "b"}
	if err := r.Patch(ctx, cm, patch); err != nil {
		return err
	}
	base := s.DeepCopy()
	controllerutil.AddFinalizer(s, finalizer)
	return r.Patch(ctx, s, client.StrategicMergeFrom(base))
}

// A patch of another object.
func (r *Reconciler) other(ctx context.Context, cm *corev1.ConfigMap, s *corev1.Secret) error {
	patch := client.MergeFrom(s.DeepCopy())
	controllerutil.AddFinalizer(cm, finalizer)
	s.Data = nil
	return r.Patch(ctx, s, patch)
}
