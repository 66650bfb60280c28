package basic

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ ready bool }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{Requeue: true}, nil // want `^Result.Requeue re-adds the key through the rate limiter without Forget, so each requeue backs off longer \(5ms doubling up to 1000s\): set RequeueAfter to the interval you mean; Requeue is deprecated since controller-runtime v0.21$`
	}
	return reconcile.Result{Requeue: true}, nil // want `^Result.Requeue re-adds the key`
}

// A helper outside any reconcile path is reported too: a Result has no other use.
func notReached() reconcile.Result {
	return reconcile.Result{Requeue: true} // want `Result.Requeue re-adds`
}

// Elided types, pointers and package-level tables.
var table = []ctrl.Result{{Requeue: true}} // want `Result.Requeue re-adds`

func pointer() *ctrl.Result {
	return &ctrl.Result{Requeue: true} // want `Result.Requeue re-adds`
}

// Unkeyed literals set Requeue by position.
func unkeyed() reconcile.Result {
	return reconcile.Result{true, 0, nil} // want `Result.Requeue re-adds`
}

// Non-constant values.
func nonConst(cond bool) (ctrl.Result, error) {
	return ctrl.Result{Requeue: cond}, nil // want `Result.Requeue re-adds`
}

func nonConstField(r *R) ctrl.Result {
	return ctrl.Result{Requeue: !r.ready} // want `Result.Requeue re-adds`
}

// Assignments to a Result that is returned.
func assignReturned(r *R) (ctrl.Result, error) {
	var res ctrl.Result
	if !r.ready {
		res.Requeue = true // want `Result.Requeue re-adds`
	}
	return res, nil
}

func assignNonConst(r *R) (ctrl.Result, error) {
	res := ctrl.Result{}
	res.Requeue = !r.ready // want `Result.Requeue re-adds`
	return (res), nil
}

func namedBare(r *R) (res reconcile.Result, err error) {
	res.Requeue = true // want `Result.Requeue re-adds`
	return
}

func namedExplicit(r *R) (res reconcile.Result, err error) {
	res.Requeue = true // want `Result.Requeue re-adds`
	return res, nil
}

// A closure that sets the field of a Result the enclosing function returns.
func closure(r *R) (ctrl.Result, error) {
	var res ctrl.Result
	mark := func() {
		res.Requeue = true // want `Result.Requeue re-adds`
	}
	mark()
	return res, nil
}

// A *Result parameter writes through to the caller.
func param(r *R, res *reconcile.Result) {
	if !r.ready {
		res.Requeue = true // want `Result.Requeue re-adds`
	}
}

func paramCtrl(res *ctrl.Result, cond bool) {
	res.Requeue = cond // want `Result.Requeue re-adds`
}
