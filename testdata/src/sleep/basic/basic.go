package basic

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ ready bool }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		time.Sleep(10 * time.Second) // want `time.Sleep blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile\)`
	}
	r.waitForIt(ctx)
	check := r.check
	_ = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, check) // want `wait.PollUntilContextTimeout blocks the reconcile worker`
	select {
	case <-ctx.Done():
	case <-time.After(time.Second): // want `receive from time.After blocks the reconcile worker`
	}
	t := time.NewTimer(time.Second)
	<-t.C // want `receive from time.Timer.C blocks the reconcile worker`
	tk := time.NewTicker(time.Second)
	for range tk.C { // want `range over time.Ticker.C blocks the reconcile worker`
		break
	}
	defer func() {
		time.Sleep(time.Millisecond) // want `time.Sleep blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile → func literal\)`
	}()
	return ctrl.Result{}, nil
}

func (r *R) waitForIt(ctx context.Context) {
	_ = wait.ExponentialBackoff(wait.Backoff{Steps: 10, Duration: time.Second, Factor: 2}, func() (bool, error) { // want `wait.ExponentialBackoff blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile → waitForIt\)`
		return r.ready, nil
	})
	recursive(3)
	_ = r.retryWith(wait.Backoff{})
	b := wait.Backoff{Steps: 5, Duration: 100 * time.Millisecond, Jitter: 1.0}
	b.Steps = 50
	_ = wait.ExponentialBackoff(b, func() (bool, error) { return true, nil }) // want `wait.ExponentialBackoff blocks the reconcile worker`
	// Conflict retries with a long Backoff: up to 511s of sleeps between attempts.
	_ = retry.OnError(wait.Backoff{Steps: 10, Duration: time.Second, Factor: 2}, func(error) bool { return true }, func() error { return nil }) // want `retry.OnError blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile → waitForIt\)`
	slow := wait.Backoff{Steps: 6, Duration: 500 * time.Millisecond, Factor: 1.5}
	_ = retry.RetryOnConflict(slow, func() error { return nil }) // want `retry.RetryOnConflict blocks the reconcile worker`
}

// A backoff that is not constant may wait for any time.
func (r *R) retryWith(b wait.Backoff) error {
	return wait.ExponentialBackoffWithContext(context.TODO(), b, func(context.Context) (bool, error) { return true, nil }) // want `wait.ExponentialBackoffWithContext blocks the reconcile worker`
}



func (r *R) check(ctx context.Context) (bool, error) {
	time.Sleep(time.Millisecond) // want `time.Sleep blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile → check\)`
	return true, nil
}

func recursive(n int) {
	if n == 0 {
		<-time.Tick(time.Second) // want `receive from time.Tick blocks the reconcile worker: return a Result with RequeueAfter instead \(Reconcile → waitForIt → recursive\)`
		return
	}
	recursive(n - 1)
}

// A reconcile.Func closure is an entry point too.
var F = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	time.Sleep(time.Second) // want `time.Sleep blocks the reconcile worker: return a Result with RequeueAfter instead \(func literal\)`
	return reconcile.Result{}, errors.New("x")
})
