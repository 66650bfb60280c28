package negative

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type R struct {
	client.Client
	wg sync.WaitGroup
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var objs []client.Object
	if err := r.parallel(ctx, objs); err != nil {
		return ctrl.Result{}, err
	}
	r.waitGroup(ctx, objs)
	r.fieldGroup(ctx, objs)
	r.wgGo(ctx, objs)
	r.done(ctx, objs)
	r.results(ctx, objs)
	r.deferred(ctx, objs)
	r.connect(ctx)
	//reconcilelint:ignore goroutine metrics push is best-effort and tracked elsewhere
	go r.push()
	return ctrl.Result{}, nil
}

func (r *R) push() {}

// parallel is the errgroup fan-out of cluster-api and others.
func (r *R) parallel(ctx context.Context, objs []client.Object) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, o := range objs {
		g.Go(func() error { return r.Update(gctx, o) })
	}
	return g.Wait()
}

func (r *R) waitGroup(ctx context.Context, objs []client.Object) {
	var wg sync.WaitGroup
	for _, o := range objs {
		wg.Add(1)
		go func(o client.Object) {
			defer wg.Done()
			_ = r.Update(ctx, o)
		}(o)
	}
	wg.Wait()
}

func (r *R) fieldGroup(ctx context.Context, objs []client.Object) {
	for _, o := range objs {
		r.wg.Add(1)
		go r.one(ctx, &r.wg, o)
	}
	r.wg.Wait()
}

func (r *R) one(ctx context.Context, wg *sync.WaitGroup, o client.Object) {
	defer wg.Done()
	_ = r.Update(ctx, o)
}

func (r *R) wgGo(ctx context.Context, objs []client.Object) {
	var wg sync.WaitGroup
	for _, o := range objs {
		wg.Go(func() { _ = r.Update(ctx, o) })
	}
	wg.Wait()
}

func (r *R) done(ctx context.Context, objs []client.Object) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		// A goroutine of a goroutine is not on the worker.
		go func() {}()
	}()
	<-done
}

func (r *R) results(ctx context.Context, objs []client.Object) error {
	errs := make(chan error, len(objs))
	for _, o := range objs {
		go func() { errs <- r.Update(ctx, o) }()
	}
	for range objs {
		select {
		case err := <-errs:
			if err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func (r *R) deferred(ctx context.Context, objs []client.Object) {
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Add(1)
	go func() {
		defer wg.Done()
	}()
}

// notReached is called by no entry point.
func (r *R) notReached() { go r.push() }

// SetupWithManager is start-up code.
func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	go r.push()
	return mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		go r.push()
		<-ctx.Done()
		return nil
	}))
}

// Watcher is a manager Runnable.
type Watcher struct{}

func (w *Watcher) Start(ctx context.Context) error {
	go func() { <-ctx.Done() }()
	return nil
}

// stoppableCache has the shape of a manager.Runnable.
type stoppableCache struct{}

func (c *stoppableCache) Start(ctx context.Context) error { return nil }

// connect starts a cache with a lifecycle of its own, like cluster-api's ClusterCache.
func (r *R) connect(ctx context.Context) {
	cacheCtx, cancel := context.WithCancel(context.Background())
	_ = cancel
	c := &stoppableCache{}
	go c.Start(cacheCtx) //nolint:errcheck
}
