package controller

import (
	"context"
	"time"

	"k8s.io/client-go/util/workqueue"
)

// Resyncer checks each key again every resync period, and retries failures
// rate-limited.
type Resyncer struct {
	queue  workqueue.TypedRateLimitingInterface[string]
	resync time.Duration
	check  func(ctx context.Context, key string) error
}

// NewResyncer returns a Resyncer with client-go's default controller rate limiter.
func NewResyncer(resync time.Duration, check func(ctx context.Context, key string) error) *Resyncer {
	return &Resyncer{
		queue:  workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]()),
		resync: resync,
		check:  check,
	}
}

func (r *Resyncer) processNextWorkItem(ctx context.Context) bool {
	key, shutdown := r.queue.Get()
	if shutdown {
		return false
	}
	defer r.queue.Done(key)
	if err := r.check(ctx, key); err != nil {
		r.queue.AddRateLimited(key)
		return true
	}
	// Reported: the success leaves the failure count in place.
	r.queue.AddAfter(key, r.resync)
	return true
}

func (r *Resyncer) processForgotten(ctx context.Context) bool {
	key, shutdown := r.queue.Get()
	if shutdown {
		return false
	}
	defer r.queue.Done(key)
	if err := r.check(ctx, key); err != nil {
		r.queue.AddRateLimited(key)
		return true
	}
	// Not reported: forgotten first, as controller-runtime does.
	r.queue.Forget(key)
	r.queue.AddAfter(key, r.resync)
	return true
}

// Run runs one worker of each kind until ctx is done.
func (r *Resyncer) Run(ctx context.Context) {
	defer r.queue.ShutDown()
	go func() {
		for r.processNextWorkItem(ctx) {
		}
	}()
	go func() {
		for r.processForgotten(ctx) {
		}
	}()
	<-ctx.Done()
}
