package crosspkg

import (
	"context"

	"bgcontext/util"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ c client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	// GetSecret ignores its ctx: reported in util, at get's context.TODO() line, not here.
	if err := util.GetSecret(ctx, r.c, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	_ = util.Wrapper(r.c, obj) // want `^util.Wrapper has no ctx parameter and calls context.Background\(\) at util.go:23, which detaches the work from the reconcile ctx: it is not cancelled on manager shutdown or ReconciliationTimeout from controller-runtime v0.22 on, and loses the request logger: give util.Wrapper a ctx parameter, pass it down to util.go:23 and use it there, and pass the Reconcile ctx here \(Reconcile → util.Wrapper\)$`
	_ = util.NoCtx(r.c, obj) // want `^util.NoCtx has no ctx parameter and calls context.Background\(\) at util.go:32, .*: give util.NoCtx a ctx parameter, pass it down to util.go:32 and use it there, and pass the Reconcile ctx here \(Reconcile → util.NoCtx → util.noCtx\)$`
	// HasCtx and Lookup reach a line that util's own finding covers.
	_ = util.HasCtx(ctx, r.c, obj)
	_ = util.Lookup(r.c, obj)
	go func() { _ = util.NoCtx(r.c, obj) }() // the goroutine rule's business
	_ = util.Good(ctx, r.c, obj)
	_ = util.Detached(ctx, r.c, obj)
	util.Async(ctx, r.c, obj)
	return ctrl.Result{}, nil
}
