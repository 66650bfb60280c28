// Package deletion deletes children while the owner is being deleted.
package deletion

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"notfound/helpers/kube"
)

const fin = "example.com/cleanup"

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	child := &corev1.Secret{}
	child.Name, child.Namespace = cm.Name, cm.Namespace
	if !cm.GetDeletionTimestamp().IsZero() {
		if err := r.Delete(ctx, child); err != nil { // want `^the NotFound error of r\.Delete in the deletion path is returned: when the object is already gone \(deleted by someone else, or by an earlier attempt whose later step failed\) every retry fails the same way and the owner stays Terminating with growing backoff; ignore NotFound \(client.IgnoreNotFound\(err\)\)$`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&cm, fin)
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	// Negative: a Delete outside the deletion path.
	if cm.Data["stale"] != "" {
		if err := r.Delete(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.reconcileNormal(ctx, &cm)
	}
	return ctrl.Result{}, r.reconcileDelete(ctx, &cm)
}

// reconcileDelete runs only from the deletion path.
func (r *Helper) reconcileDelete(ctx context.Context, cm *corev1.ConfigMap) error {
	child := &corev1.Secret{}
	if err := r.Delete(ctx, child); err != nil { // want `NotFound error of r\.Delete in the deletion path is returned: .* \(deletion path: Reconcile → reconcileDelete\)$`
		return fmt.Errorf("deleting the secret: %w", err)
	}
	if err := kube.Remove(ctx, r.Client, &corev1.ConfigMap{}); err != nil { // want `NotFound error of the Delete at kube\.go:36 in the deletion path is returned by kube\.Remove: `
		return err
	}
	// Negatives: NotFound filtered, here or in the helper.
	if err := r.Delete(ctx, &corev1.Pod{}); client.IgnoreNotFound(err) != nil {
		return err
	}
	if err := r.Delete(ctx, &corev1.Pod{}); err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	if err := kube.RemoveQuiet(ctx, r.Client, &corev1.ConfigMap{}); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(cm, fin)
	return r.Update(ctx, cm)
}

// reconcileNormal is not in the deletion path: its Delete is not reported.
func (r *Helper) reconcileNormal(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Delete(ctx, &corev1.Pod{})
}

type Else struct{ client.Client }

func (r *Else) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp == nil {
		// Negative: the live object's branch.
		if err := r.Delete(ctx, &corev1.Pod{}); err != nil {
			return ctrl.Result{}, err
		}
	} else {
		err := r.Delete(ctx, &corev1.Pod{}) // want `NotFound error of r\.Delete in the deletion path`
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	// Negative: the Delete's error is logged, not returned.
	if cm.DeletionTimestamp != nil {
		if err := r.Delete(ctx, &corev1.Pod{}); err != nil {
			fmt.Println(err)
		}
	}
	return ctrl.Result{}, nil
}

type Collect struct{ client.Client }

// Negative (cluster-api's shape): the errors other than NotFound are collected and
// returned after the loop.
func (r *Collect) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		var errs []error
		for _, p := range []*corev1.Pod{{}, {}} {
			if err := r.Delete(ctx, p); err != nil && !apierrors.IsNotFound(err) {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return ctrl.Result{}, errs[0]
		}
	}
	return ctrl.Result{}, nil
}

type Self struct{ client.Client }

// Negative: the reconciled object deletes itself while another object is being
// deleted; when it is gone, the next Get returns NotFound and the key is forgotten.
func (r *Self) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["owner"]}, owner); err != nil {
		return ctrl.Result{}, err
	}
	if !owner.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.Delete(ctx, cm)
	}
	return ctrl.Result{}, nil
}
