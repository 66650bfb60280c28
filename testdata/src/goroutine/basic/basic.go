package basic

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	wg sync.WaitGroup
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	go r.updateStatus(ctx, obj) // want `goroutine started in a Reconcile path is not waited for: the controller treats the object as done \(Forget\) while it runs, its error reaches no one, and the next reconcile of the object may run at the same time; do the work inline or wait for it before returning \(Reconcile\)`
	r.fanOut(ctx, obj)
	r.groups(ctx, obj)
	func() {
		go func() { _ = r.Update(ctx, obj) }() // want `goroutine started in a Reconcile path is not waited for.* \(Reconcile → func literal\)`
	}()
	return ctrl.Result{}, nil
}

func (r *R) updateStatus(ctx context.Context, obj client.Object) error {
	return r.Status().Update(ctx, obj)
}

// fanOut waits on a different group, and before the start.
func (r *R) fanOut(ctx context.Context, obj client.Object) {
	var wg, other sync.WaitGroup
	wg.Add(1)
	go func() { // want `goroutine started in a Reconcile path is not waited for.* \(Reconcile → fanOut\)`
		defer wg.Done()
		_ = r.Update(ctx, obj)
	}()
	other.Wait()
	r.wg.Wait()
	go func() { // want `goroutine started in a Reconcile path is not waited for.* \(Reconcile → fanOut\)`
		defer r.wg.Done()
	}()
}

// groups starts goroutines through errgroup and WaitGroup.Go without waiting.
func (r *R) groups(ctx context.Context, obj client.Object) {
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return r.Update(gctx, obj) }) // want `errgroup.Group.Go starts a goroutine that is not waited for.* \(Reconcile → groups\)`
	var wg sync.WaitGroup
	wg.Go(func() { _ = r.Delete(ctx, obj) }) // want `sync.WaitGroup.Go starts a goroutine that is not waited for.* \(Reconcile → groups\)`
	results := make(chan error, 1)
	go func() { results <- r.Update(ctx, obj) }() // want `goroutine started in a Reconcile path is not waited for`
}
