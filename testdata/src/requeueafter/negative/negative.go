package negative

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct {
	ready    bool
	interval time.Duration
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{RequeueAfter: time.Second}, nil // the threshold itself is not reported
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
}

// Zero means no requeue.
func zero() ctrl.Result { return ctrl.Result{RequeueAfter: 0} }

// A negative RequeueAfter forgets the key: no requeue at all.
func negativeValue() ctrl.Result { return ctrl.Result{RequeueAfter: -time.Millisecond} }

// Not a constant: the interval is configured.
func configured(r *R) ctrl.Result { return ctrl.Result{RequeueAfter: r.interval} }

func computed(n int) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Duration(n) * time.Millisecond}
}

// Returned with an error that is certainly non-nil: RequeueAfter is ignored (resulterr).
func withError(err error) (ctrl.Result, error) {
	if err != nil {
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, err
	}
	if false {
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, errors.New("boom")
	}
	return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, fmt.Errorf("wrapped: %w", err)
}

// Other fields and other types are not RequeueAfter of a Result.
type other struct{ RequeueAfter time.Duration }

func otherType() other {
	o := other{RequeueAfter: time.Millisecond}
	o.RequeueAfter = time.Millisecond
	return o
}

// Reads are not reported.
func read(res reconcile.Result) bool { return res.RequeueAfter < 100*time.Millisecond }

// Long intervals assigned.
func assignLong(res *ctrl.Result) { res.RequeueAfter = 2 * time.Minute }
