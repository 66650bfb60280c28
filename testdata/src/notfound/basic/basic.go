package basic

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Plain struct{ client.Client }

func (r *Plain) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `^the NotFound error of the Get of the reconciled object is returned: after the object is deleted its key is retried with backoff \(up to 1000s\) forever; return client.IgnoreNotFound\(err\)$`
	}
	return ctrl.Result{}, nil
}

// Wrapped: wrapping keeps the NotFound.
type Wrapped struct{ c client.Client }

func (r *Wrapped) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.c.Get(ctx, req.NamespacedName, cm)
	if err != nil {
		return reconcile.Result{}, fmt.Errorf("getting %s: %w", req, err) // want `NotFound error of the Get of the reconciled object`
	}
	return reconcile.Result{}, nil
}

// BuiltKey: a key built from the request's name and namespace.
type BuiltKey struct{ client.Client }

func (r *BuiltKey) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	key := types.NamespacedName{Namespace: req.Namespace, Name: req.Name}
	var s corev1.Secret
	if err := r.Get(ctx, key, &s); err != nil {
		return ctrl.Result{}, err // want `NotFound error of the Get`
	}
	return ctrl.Result{}, nil
}

// LoggedOnly: the IsNotFound branch only logs, then the error is returned anyway.
type LoggedOnly struct{ client.Client }

func (r *LoggedOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			fmt.Println("gone")
		}
		return ctrl.Result{}, err // want `NotFound error of the Get`
	}
	return ctrl.Result{}, nil
}

// Named result, bare return.
type Named struct{ client.Client }

func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var cm corev1.ConfigMap
	if err = r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return // want `NotFound error of the Get`
	}
	return
}

// FuncEntry: a function converted to reconcile.Func.
func Setup(c client.Client) reconcile.Func {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var cm corev1.ConfigMap
		err := c.Get(ctx, client.ObjectKey{Name: req.Name, Namespace: req.Namespace}, &cm)
		return reconcile.Result{}, err // want `NotFound error of the Get`
	})
}

// Deferred: a function with a defer returns through its result variables.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	defer fmt.Println("done")
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `NotFound error of the Get`
	}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// NamedErr: the named result err, read by a deferred closure, keeps the Get's error on
// the path that skips the later assignment.
type NamedErr struct {
	client.Client
	update bool
}

func (r *NamedErr) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() { _ = err }()
	cm := &corev1.ConfigMap{}
	err = r.Get(ctx, req.NamespacedName, cm)
	if r.update {
		err = r.Update(ctx, cm)
	}
	return ctrl.Result{}, err // want `NotFound error of the Get`
}
