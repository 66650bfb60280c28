package basic

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	if err := r.Get(context.TODO(), req.NamespacedName, obj); err != nil { // want `context.TODO\(\) detaches the work from the reconcile ctx: it is not cancelled on manager shutdown or ReconciliationTimeout from controller-runtime v0.22 on, and loses the request logger: use ctx \(Reconcile\)`
		return ctrl.Result{}, err
	}
	tctx, cancel := context.WithTimeout(context.Background(), time.Minute) // want `context.Background\(\) detaches .*: use ctx \(Reconcile\)`
	defer cancel()
	_ = tctx
	r.update(obj)
	r.withCtx(ctx, obj)
	r.shadowed(ctx, obj)
	apply := func() error {
		return r.Update(context.Background(), obj) // want `context.Background\(\) detaches .*: use ctx \(Reconcile → func literal\)`
	}
	_ = apply()
	return ctrl.Result{}, nil
}

// update has no ctx: the Reconcile ctx must be passed down, no fix.
func (r *R) update(obj client.Object) {
	_ = r.Update(context.TODO(), obj) // want `context.TODO\(\) detaches .*: pass the Reconcile ctx down to here \(Reconcile → update\)`
}

// withCtx takes a ctx and ignores it.
func (r *R) withCtx(c context.Context, obj client.Object) {
	_ = r.Delete(context.Background(), obj) // want `context.Background\(\) detaches .*: use c \(Reconcile → withCtx\)`
	func(n int) {
		_ = r.Update(context.TODO(), obj) // want `context.TODO\(\) detaches .*: use c \(Reconcile → withCtx → func literal\)`
	}(1)
}

// shadowed: the name ctx denotes a string at the call, no fix.
func (r *R) shadowed(ctx context.Context, obj client.Object) {
	{
		ctx := "name"
		_ = ctx
		_ = r.Update(context.TODO(), obj) // want `context.TODO\(\) detaches .*: pass the Reconcile ctx down to here \(Reconcile → shadowed\)`
	}
}

// F reassigns its ctx with a derived one: the fix uses that name.
type F struct{ c client.Client }

func (f *F) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var obj client.Object
	return ctrl.Result{}, f.c.Get(context.TODO(), req.NamespacedName, obj) // want `context.TODO\(\) detaches .*: use ctx \(Reconcile\)`
}
