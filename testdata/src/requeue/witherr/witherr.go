package witherr

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ ready bool }

func (r *R) get(ctx context.Context) error { return nil }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		return ctrl.Result{Requeue: true}, err // want `^Requeue and RequeueAfter are ignored when the returned error is non-nil \(the controller requeues the key with backoff for the error; only Result.Priority still applies\): return the zero Result$`
	}
	err := r.get(ctx)
	if err != nil {
		return ctrl.Result{Requeue: true, RequeueAfter: 0}, fmt.Errorf("getting: %w", err) // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
	}
	if !r.ready {
		return reconcile.Result{Requeue: true}, errors.New("not ready") // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
	}
	if err := r.get(ctx); err != nil && r.ready {
		return reconcile.Result{Requeue: true}, reconcile.TerminalError(err) // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
	}
	if err = r.get(ctx); nil != err {
		r.ready = false
		return ctrl.Result{Requeue: true}, (err) // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
	}
	return ctrl.Result{}, nil
}

// Priority applies to the error path too: the fix keeps it.
func priority(ctx context.Context, r *R, p *int) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		return ctrl.Result{Requeue: true, Priority: p}, err // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
	}
	return ctrl.Result{}, nil
}

// An error that may be nil: no fix, and the message says what each path does.
func maybeNil(ctx context.Context, r *R) (ctrl.Result, error) {
	err := r.get(ctx)
	return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
}

func wrapped(ctx context.Context, r *R) (ctrl.Result, error) {
	err := r.get(ctx)
	return ctrl.Result{Requeue: true}, fmt.Errorf("%w", err) // want `Requeue and RequeueAfter are ignored when the returned error is non-nil`
}

func checkedElsewhere(ctx context.Context, r *R) (ctrl.Result, error) {
	err := r.get(ctx)
	if err == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
}

// Reassigned before the return: no fix.
func reassigned(ctx context.Context, r *R) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		err = nil
		return ctrl.Result{Requeue: true}, err // want `^Result.Requeue re-adds the key`
	}
	return ctrl.Result{}, nil
}

func reassignedOuter(ctx context.Context, r *R) (ctrl.Result, error) {
	err := r.get(ctx)
	if err != nil {
		if r.ready {
			err = r.get(ctx)
			return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
		}
	}
	return ctrl.Result{}, nil
}

func addressTaken(ctx context.Context, r *R, set func(*error)) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		set(&err)
		return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
	}
	return ctrl.Result{}, nil
}

func rangeAssigned(ctx context.Context, errs []error) (ctrl.Result, error) {
	var err error
	if err = errs[0]; err != nil {
		for _, err = range errs {
		}
		return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
	}
	return ctrl.Result{}, nil
}

// Inside the else branch of the check the error is nil.
func elseBranch(ctx context.Context, r *R) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		return ctrl.Result{}, err
	} else {
		return ctrl.Result{Requeue: true}, err // want `^Result.Requeue re-adds the key`
	}
}

// || does not make err certainly non-nil.
func orCond(ctx context.Context, r *R) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil || r.ready {
		return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
	}
	return ctrl.Result{}, nil
}

// A closure's return is checked against the closure's own conditions.
func closure(ctx context.Context, r *R) (ctrl.Result, error) {
	if err := r.get(ctx); err != nil {
		f := func(err error) (ctrl.Result, error) {
			return ctrl.Result{Requeue: true}, err // want `^Result.Requeue is ignored when err is non-nil: the key backs off for the error instead`
		}
		return f(nil)
	}
	return ctrl.Result{}, nil
}

// Dropping fields whose values have side effects would change behaviour: no fix.
func sideEffect(ctx context.Context, r *R, next func() time.Duration) (ctrl.Result, error) {
	return ctrl.Result{Requeue: true, RequeueAfter: next()}, errors.New("x") // want `^Requeue and RequeueAfter are ignored when the returned error is non-nil`
}
