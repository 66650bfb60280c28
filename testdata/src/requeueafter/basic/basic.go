package basic

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ ready bool }

const pollInterval = 200 * time.Millisecond

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil // want `^RequeueAfter of 100ms reconciles the object 10 times a second for as long as it waits, whether anything changed or not: a busy poll that loads the API server and the queue; watch the object you wait for \(Owns, Watches\) so that its change triggers the reconcile, or poll an external system at 1s or more$`
	}
	return reconcile.Result{RequeueAfter: pollInterval}, nil // want `^RequeueAfter of 200ms reconciles the object 5 times a second`
}

// Outside any reconcile path: a Result has no other use.
func helper() reconcile.Result {
	return reconcile.Result{RequeueAfter: time.Millisecond} // want `RequeueAfter of 1ms reconciles the object 1000 times a second`
}

// Unkeyed literal: RequeueAfter by position.
func unkeyed() reconcile.Result {
	return reconcile.Result{false, 500 * time.Millisecond, nil} // want `RequeueAfter of 500ms reconciles the object 2 times a second`
}

// A pointer and an untyped constant number of nanoseconds.
func pointer() *ctrl.Result {
	return &ctrl.Result{RequeueAfter: 50000000} // want `RequeueAfter of 50ms`
}

// Assignments to the field of a Result and of a *Result.
func assign(res *ctrl.Result) (ctrl.Result, error) {
	res.RequeueAfter = 10 * time.Millisecond // want `RequeueAfter of 10ms`
	var out ctrl.Result
	out.RequeueAfter = 999 * time.Millisecond // want `RequeueAfter of 999ms reconciles the object about once a second`
	return out, nil
}

// An error that may be nil: on the nil path the poll is busy.
func mayBeNil(err error) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, err // want `RequeueAfter of 100ms`
}

// A variable holding the Result, returned later.
func viaVar() (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: 250 * time.Millisecond} // want `RequeueAfter of 250ms`
	return res, nil
}
