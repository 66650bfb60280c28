package negative

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

// Checked: the error was tested before the return.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		return ctrl.Result{}, err
	}
	err := r.Update(ctx, &cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// Correlated: the Result and the error come from different branches.
type C struct{ client.Client }

func (r *C) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var res ctrl.Result
	var err error
	var cm corev1.ConfigMap
	if r.Get(ctx, req.NamespacedName, &cm) == nil {
		res = ctrl.Result{RequeueAfter: time.Minute}
	} else {
		err = errors.New("not there")
	}
	return res, err
}

// Zero and non-positive Results with errors are fine.
type Z struct{ client.Client }

func (r *Z) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{RequeueAfter: 0}, err
	}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Loop: errors collected in a loop and joined; the Result comes from sub-reconcilers
// (not followed: each is checked where it returns).
type L struct{ client.Client }

func (r *L) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var errs []error
	var res ctrl.Result
	for _, name := range []string{"a", "b"} {
		one, err := r.one(ctx, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if one.RequeueAfter > 0 {
			res = one
		}
	}
	return res, errors.Join(errs...)
}

func (r *L) one(ctx context.Context, name string) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Name: name}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["ready"] == "" {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// Unreached helper with the shape: not a sub-reconciler of any entry point.
func unreached(err error) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Second}, err
}

// Set after the return: the store cannot reach the return.
type A struct{ client.Client }

func (r *A) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var res ctrl.Result
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return res, err
	}
	res.RequeueAfter = time.Minute
	return res, nil
}

// Named results: err checked before a bare return.
type N struct{ client.Client }

func (r *N) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	if err = r.Delete(ctx, &corev1.ConfigMap{}); err != nil {
		return ctrl.Result{}, err
	}
	res = ctrl.Result{RequeueAfter: time.Minute}
	return
}

// Deferred: with a defer, every return goes through the result variables.
type D struct{ client.Client }

func (r *D) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	defer func() { _ = ctx }()
	var cm corev1.ConfigMap
	if cm.Data["wait"] != "" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// W wraps another reconciler like cluster-api's util/controller: RequeueAfter is set only
// in the err == nil case, and cleared when err != nil.
type W struct{ inner *R }

func (r *W) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	defer func() { _ = req }() // results are returned through result variables
	result, err := r.inner.Reconcile(ctx, req)
	if err != nil {
		result.RequeueAfter = 0
	}
	switch {
	case err != nil:
		r.inner = nil
	case result.RequeueAfter > 0:
		result.RequeueAfter = max(result.RequeueAfter, time.Second)
	}
	return result, err
}

// jobset v0.10.1's Reconcile: the err of the if statement is scoped to it, so the final
// return carries the outer err, which is nil there (the non-conflict error of the status
// write is dropped, which is not this rule's business).
type J struct{ client.Client }

func (r *J) sub(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *J) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	result, err := r.sub(ctx)
	if err != nil {
		return result, err
	}
	if err := r.Status().Update(ctx, &corev1.ConfigMap{}); apierrors.IsConflict(err) {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return ctrl.Result{RequeueAfter: result.RequeueAfter}, err
}
