// Package callers calls the helpers of package helpers from several sites: only the
// helper without a ctx is reported here.
package callers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"nocancel/helpers"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = helpers.Fetch(ctx, "http://x")
	_ = helpers.Git(ctx, "fetch")
	_ = helpers.Good(ctx, "true")
	helpers.Async(ctx, "true")
	_ = helpers.NoCtx("true") // want `^exec.Command cannot be cancelled, via helpers.NoCtx: .* \(Reconcile → helpers.NoCtx\)$`
	return ctrl.Result{}, r.sync(ctx)
}

func (r *R) sync(ctx context.Context) error {
	_ = helpers.Fetch(ctx, "http://y")
	_ = helpers.Git(ctx, "pull")
	return helpers.NoCtx("false") // want `^exec.Command cannot be cancelled, via helpers.NoCtx: .* \(Reconcile → sync → helpers.NoCtx\)$`
}
