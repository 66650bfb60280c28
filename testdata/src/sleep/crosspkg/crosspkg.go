package crosspkg

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"sleep/util"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.ensure(ctx); err != nil {
		return ctrl.Result{}, err
	}
	util.Pause()         // want `util.Pause blocks the reconcile worker via time.Sleep: return a Result with RequeueAfter instead \(Reconcile → util.Pause\)`
	util.Waiter{}.Wait() // want `util.Waiter.Wait blocks the reconcile worker via receive from time.After`
	util.External()      // want `util.External blocks the reconcile worker via //reconcilelint:blocking`
	util.Async()
	_ = util.Quick()
	_ = util.Retry(func() error { return nil }) // a retry loop: retryloop's finding, not sleep's
	return ctrl.Result{}, nil
}

func (r *R) ensure(ctx context.Context) error {
	return util.WaitReady(ctx) // want `util.WaitReady blocks the reconcile worker via wait.PollUntilContextTimeout: return a Result with RequeueAfter instead \(Reconcile → ensure → util.WaitReady → util.poll\)`
}
