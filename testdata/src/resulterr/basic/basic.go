package basic

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	interval time.Duration
}

// The DESIGN.md case: the error of a secondary Get returned with a RequeueAfter.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var s corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: cm.Data["secret"]}, &s); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `^RequeueAfter is ignored when the error returned with it is non-nil: the key is requeued with backoff for the error instead; return the error with the zero Result, or the Result with a nil error \(Reconcile\)$`
	}
	return r.sync(ctx, &cm)
}

// sync is a sub-reconciler: its values are returned by Reconcile.
func (r *R) sync(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.Update(ctx, cm)
	// The error may be nil or not: when it is not, the interval is ignored.
	return ctrl.Result{RequeueAfter: r.interval}, err // want `RequeueAfter is ignored .* \(Reconcile → sync\)`
}

// A Result variable with RequeueAfter set before an error return.
type V struct{ client.Client }

func (r *V) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := ctrl.Result{}
	res.RequeueAfter = 30 * time.Second
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return res, fmt.Errorf("get: %w", err) // want `RequeueAfter is ignored`
	}
	return res, nil
}

// Named results with a bare return.
type N struct{ client.Client }

func (r *N) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	res = ctrl.Result{RequeueAfter: time.Minute}
	err = r.Delete(ctx, &corev1.ConfigMap{})
	return // want `RequeueAfter is ignored`
}

// Deferred: the returns go through the result variables.
type D struct{ client.Client }

func (r *D) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	defer func() { _ = ctx }()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `RequeueAfter is ignored`
	}
	return ctrl.Result{}, nil
}

// jobset's shape without the shadowing: the RequeueAfter of a sub-reconciler's Result,
// returned with the error of the final status write.
type J struct{ inner *R }

func (r *J) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result, err := r.inner.sync(ctx, &corev1.ConfigMap{})
	if err != nil {
		return result, err
	}
	err = r.inner.Status().Update(ctx, &corev1.ConfigMap{})
	return ctrl.Result{RequeueAfter: result.RequeueAfter}, err // want `RequeueAfter is ignored`
}
