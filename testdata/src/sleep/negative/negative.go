package negative

import (
	"context"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ backoff wait.Backoff }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Conflict retries are the sanctioned pattern.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return nil })
	_ = retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error { return nil })
	// A short Backoff of their own (at most 1s of sleeps in all), and one that is not
	// constant (not judged).
	_ = retry.RetryOnConflict(wait.Backoff{Steps: 5, Duration: 100 * time.Millisecond, Factor: 1.0}, func() error { return nil })
	_ = retry.OnError(r.backoff, func(error) bool { return true }, func() error { return nil })
	// Bounded conflict retries written with wait.ExponentialBackoff (worst case <= 1s).
	backoff := wait.Backoff{Steps: 5, Duration: 100 * time.Millisecond, Jitter: 1.0}
	_ = wait.ExponentialBackoff(backoff, func() (bool, error) { return true, nil })
	_ = wait.ExponentialBackoff(retry.DefaultBackoff, func() (bool, error) { return true, nil })
	_ = wait.ExponentialBackoffWithContext(ctx, pkgBackoff, func(context.Context) (bool, error) { return true, nil })
	// Work on another goroutine does not hold the worker (the goroutine rule owns it).
	go func() { time.Sleep(time.Second) }()
	go background()
	var wg sync.WaitGroup
	wg.Go(func() { time.Sleep(time.Second) })
	wg.Wait()
	time.AfterFunc(time.Second, func() { time.Sleep(time.Second) })
	// Timers that are created but never waited on.
	t := time.NewTimer(time.Second)
	t.Stop()
	_ = time.Now().Add(time.Second)
	// A wait between the attempts of a retry loop is part of the retry: the retryloop
	// rule reports the loop, once.
	for {
		if err := ping(ctx); err != nil {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	// Event callbacks registered here run later, on the informer's goroutine, not on the
	// worker: a map function given as a method value or a literal, and predicate funcs.
	_ = handler.EnqueueRequestsFromMapFunc(r.mapSlowly)
	_ = handler.EnqueueRequestsFromMapFunc(func(context.Context, client.Object) []reconcile.Request {
		time.Sleep(time.Second)
		return nil
	})
	_ = predicate.TypedFuncs[client.Object]{UpdateFunc: func(event.TypedUpdateEvent[client.Object]) bool {
		time.Sleep(time.Second)
		return true
	}}
	// Intentional, documented wait.
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep the device needs 1ms between commands
	//reconcilelint:ignore sleep settle time of the local socket, bounded at 5ms
	time.Sleep(5 * time.Millisecond)
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

var pkgBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

func background() { time.Sleep(time.Second) }

// Not reached from any entry point.
func Helper() { time.Sleep(time.Second) }

// Start-up code.
func SetupWithManager() error {
	time.Sleep(time.Second)
	return nil
}

func main() { time.Sleep(time.Second) }

func ping(context.Context) error { return nil }

func (r *R) mapSlowly(context.Context, client.Object) []reconcile.Request {
	time.Sleep(time.Second)
	return nil
}
