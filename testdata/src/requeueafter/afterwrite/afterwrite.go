package afterwrite

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

// deleter is a client wrapper of another shape: it returns the deleted object.
type deleter interface {
	Delete(ctx context.Context, obj client.Object) (client.Object, error)
}

// One-shot requeues: each follows a write, which is itself a watch event.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["delete"] != "" {
		if err := r.Delete(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Millisecond}, nil
	}
	if cm.Data["create"] != "" {
		err := r.Create(ctx, &corev1.Secret{})
		if err != nil {
			return ctrl.Result{}, err
		}
		if cm.Data["now"] != "" {
			return ctrl.Result{RequeueAfter: 10 * time.Millisecond}, nil
		}
	}
	if err := r.Update(ctx, &cm); err != nil {
		// A conflict: retried soon, a write refused, not a wait.
		if apierrors.IsConflict(err) {
			return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type W struct {
	client.Client
	d deleter
}

func (r *W) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if deleted, err := r.d.Delete(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	} else if deleted != nil {
		cm.Data["deleted"] = "true"
	}
	var res ctrl.Result
	res.RequeueAfter = time.Millisecond
	return res, nil
}

// Polls: the write is on another branch, in a function literal, after the return, or
// under a test that is not about a conflict.
type P struct{ client.Client }

func (r *P) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Data["x"] != "" {
		if err := r.Update(ctx, &d); err != nil {
			return ctrl.Result{}, err
		}
	}
	if d.Data["ready"] == "" {
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil // want `RequeueAfter of 100ms reconciles the object 10 times a second`
	}
	later := func() error { return r.Update(ctx, &d) }
	if d.Data["available"] == "" {
		return ctrl.Result{RequeueAfter: 200 * time.Millisecond}, nil // want `RequeueAfter of 200ms`
	}
	if err := later(); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 300 * time.Millisecond}, nil // want `RequeueAfter of 300ms`
		}
		return ctrl.Result{}, err
	}
	if d.Data["updated"] == "" {
		return ctrl.Result{RequeueAfter: 400 * time.Millisecond}, nil // want `RequeueAfter of 400ms`
	}
	return ctrl.Result{}, r.Update(ctx, &d)
}
