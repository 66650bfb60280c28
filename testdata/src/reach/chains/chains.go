package chains

import (
	"context"

	"golang.org/x/sync/errgroup"
	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.direct()
	f := r.methodValue // a method value is reached
	f()
	run(ctx, r.passedAsArg)
	rec(2)
	go r.onGoroutine()
	var g errgroup.Group
	g.Go(r.inErrgroup)
	_ = g.Wait()
	return ctrl.Result{}, nil
}

func (r *R) direct()                                         { r.nested() }
func (r *R) nested()                                         {}
func (r *R) methodValue()                                    {}
func (r *R) passedAsArg(context.Context) error               { return nil }
func run(ctx context.Context, f func(context.Context) error) { _ = f(ctx) }
func rec(n int) {
	if n > 0 {
		rec(n - 1)
	}
}
func (r *R) onGoroutine()       { r.onlyFromGoroutine() }
func (r *R) onlyFromGoroutine() {}
func (r *R) inErrgroup() error  { return nil }
func (r *R) unreached()         {}
