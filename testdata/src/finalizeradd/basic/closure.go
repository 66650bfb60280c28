package basic

import (
	"context"

	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"wapi"
)

// A conflict-retry closure in a helper that Reconcile calls with no deletion test.
type ClosureUnguarded struct{ client.Client }

func (r *ClosureUnguarded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.acquire(ctx, app)
}

func (r *ClosureUnguarded) acquire(ctx context.Context, app *wapi.App) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		controllerutil.AddFinalizer(app, fin) // want `^controllerutil.AddFinalizer\(app, fin\) is written by r.Update at line 28`
		return r.Update(ctx, app)
	})
}
