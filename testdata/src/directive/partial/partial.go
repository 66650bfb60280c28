package partial

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{ ready bool }

// In this run only sleep is enabled.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// An ignore naming a rule that is not enabled may be used in another run.
	return ctrl.Result{Requeue: true}, nil //reconcilelint:ignore requeue the e2e fake relies on it
}

func helper(r *R) {
	r.ready = true               //reconcilelint:ignore requeue not enabled in this run
	r.ready = true               //reconcilelint:ignore requeue,sleep one of them is not enabled
	r.ready = true               //reconcilelint:ignore sleep enabled and unused // want `^reconcilelint:ignore sleep suppresses nothing: remove it$`
	r.ready = true               //reconcilelint:ignore resulterr,sleep still unknown // want `^reconcilelint:ignore names unknown rule resulterr \(known: directive, requeue, sleep\)$`
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep not in a reconcile path, so unused // want `suppresses nothing`
}
