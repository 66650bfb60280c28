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
	if err := util.GetSecret(ctx, r.c, req.NamespacedName, obj); err != nil { // want `util.GetSecret ignores its ctx and calls context.TODO\(\), which detaches the work from the reconcile ctx: it is not cancelled on manager shutdown or ReconciliationTimeout from controller-runtime v0.22 on, and loses the request logger \(Reconcile → util.GetSecret → util.get\)`
		return ctrl.Result{}, err
	}
	_ = util.Wrapper(r.c, obj) // want `util.Wrapper ignores its ctx and calls context.TODO\(\).* \(Reconcile → util.Wrapper → util.GetSecret → util.get\)`
	_ = util.NoCtx(r.c, obj)
	_ = util.Good(ctx, r.c, obj)
	_ = util.Detached(ctx, r.c, obj)
	util.Async(ctx, r.c, obj)
	return ctrl.Result{}, nil
}
