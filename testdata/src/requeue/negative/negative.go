package negative

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ ready bool }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	return ctrl.Result{Requeue: false}, nil
}

const never = false

func constFalse() reconcile.Result {
	return reconcile.Result{Requeue: never, RequeueAfter: time.Minute}
}

func unkeyedFalse() reconcile.Result {
	return reconcile.Result{false, time.Second, nil}
}

// Reads of the field are never reported.
func reads(res ctrl.Result) bool {
	if res.Requeue {
		return true
	}
	requeue := res.Requeue
	return requeue || !res.IsZero()
}

func readPtr(res *ctrl.Result) bool { return res.Requeue }

// An assignment to a Result that is never returned.
func notReturned() error {
	var res ctrl.Result
	res.Requeue = true
	_ = res
	return nil
}

// A named result that is not returned: the explicit return names another value.
func namedNotReturned() (res ctrl.Result, err error) {
	res.Requeue = true
	return ctrl.Result{}, nil
}

// An assignment to a local *Result that is not a parameter.
func localPointer() {
	res := &ctrl.Result{}
	res.Requeue = true
	_ = res
}

// Setting the field to false is what a migration does.
func setFalse(res *ctrl.Result) (ctrl.Result, error) {
	res.Requeue = false
	var out ctrl.Result
	out.Requeue = never
	return out, nil
}

// A field named Requeue on some other struct type.
type options struct {
	Requeue      bool
	RequeueAfter time.Duration
}

func other(cond bool) options {
	o := options{Requeue: true}
	o.Requeue = cond
	return o
}

func otherPtr(o *options) { o.Requeue = true }

// A reviewed ignore directive suppresses the finding.
func ignored() ctrl.Result {
	//reconcilelint:ignore requeue the fake client in the e2e suite relies on it
	return ctrl.Result{Requeue: true}
}

func ignoredSameLine() ctrl.Result {
	return ctrl.Result{Requeue: true} //reconcilelint:ignore requeue migrated in a later release
}

// An ignore for another rule does not suppress this one.
func ignoredOther() ctrl.Result {
	return ctrl.Result{Requeue: true} //reconcilelint:ignore sleep not this rule // want `Result.Requeue re-adds`
}
