// Package callers calls the helpers of package helpers from many sites: the helpers
// that ignore their ctx are reported in their own package, not at these calls; only a
// helper that has no ctx to use is reported here, where the ctx is.
package callers

import (
	"context"

	"bgcontext/helpers"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	c client.Client
	h *helpers.Helper
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	if err := helpers.EnsureSecret(ctx, r.c, obj); err != nil {
		return ctrl.Result{}, err
	}
	_ = r.h.Patch(ctx, obj)
	_ = helpers.DeleteAll(ctx, r.c, nil)
	_ = helpers.Unnamed(ctx, r.c, obj)
	_ = helpers.Refresh(ctx, r.c, obj)
	_ = helpers.Closure(ctx, r.c, obj)
	_ = helpers.Derived(ctx, r.c, obj)
	_ = helpers.NoCtx(r.c, obj) // want `^helpers.NoCtx has no ctx parameter and calls context.Background\(\) at helpers.go:81, which detaches the work from the reconcile ctx: .*: give helpers.NoCtx a ctx parameter, pass it down to helpers.go:81 and use it there, and pass the Reconcile ctx here \(Reconcile → helpers.NoCtx\)$`
	return ctrl.Result{}, r.sync(ctx, obj)
}

func (r *R) sync(ctx context.Context, obj client.Object) error {
	_ = helpers.EnsureSecret(ctx, r.c, obj)
	_ = r.h.Patch(ctx, obj)
	_ = helpers.DeleteAll(ctx, r.c, []client.Object{obj})
	_ = helpers.Refresh(ctx, r.c, obj)
	_ = helpers.Uses(ctx, r.c, obj)
	_ = helpers.Detach(ctx, r.c, obj)
	helpers.Async(ctx, r.c, obj)
	_ = helpers.Ignored(ctx, r.c, obj)
	return helpers.NoCtx(r.c, obj) // want `^helpers.NoCtx has no ctx parameter .* \(Reconcile → sync → helpers.NoCtx\)$`
}

// notReached calls the helper without a ctx, but no reconcile reaches it.
func notReached(c client.Client, obj client.Object) error {
	return helpers.NoCtx(c, obj)
}

// SetupWithManager has a ctx but is not a reconcile path: the no-ctx helper it calls
// (cluster-api v1.0's util.ClusterToObjectsMapper, whose returned map function lists
// with context.TODO()) is not reported here.
func (r *R) SetupWithManager(ctx context.Context, c client.Client, obj client.Object) error {
	return helpers.NoCtx(c, obj)
}
