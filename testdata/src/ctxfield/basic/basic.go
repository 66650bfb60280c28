package basic

import (
	"context"
	"sync"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

var lastCtx context.Context

type tracker struct {
	ctx     context.Context
	pending map[string]context.Context
}

func (t *tracker) track(ctx context.Context, key string) {
	t.ctx = ctx          // want `the reconcile ctx is stored in t.ctx, which outlives the call: every worker overwrites it \(a data race when MaxConcurrentReconciles > 1\) and a later reader gets the ctx of a finished reconcile \(cancelled when ReconciliationTimeout is set, with another request's logger\); pass ctx as a parameter instead \(Reconcile → track\)`
	t.pending[key] = ctx // want `the reconcile ctx is stored in t.pending\[key\], which outlives the call`
}

type scope struct{ ctx context.Context }

type R struct {
	client.Client
	Ctx      context.Context // want `reconciler type R has a context.Context field Ctx: a stored ctx is not the request's \(no ReconciliationTimeout, no request logger or reconcileID\) and is shared by all workers: use the ctx parameter of Reconcile`
	t        *tracker
	scopes   map[string]*scope
	inflight sync.Map
	all      []context.Context
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.Ctx = ctx   // want `the reconcile ctx is stored in r.Ctx, which outlives the call.* \(Reconcile\)`
	lastCtx = ctx // want `the reconcile ctx is stored in the package variable lastCtx`
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	r.t.ctx = log.IntoContext(tctx, log.FromContext(ctx)) // want `the reconcile ctx is stored in r.t.ctx`
	r.scopes[req.Name] = &scope{ctx: tctx}                // want `the reconcile ctx is stored in r.scopes\[req.Name\]`
	r.inflight.Store(req.Name, ctx)                       // want `the reconcile ctx is stored in r.inflight`
	r.all = append(r.all, ctx)                            // want `the reconcile ctx is stored in r.all`
	r.t.track(ctx, req.Name)
	return ctrl.Result{}, nil
}

// Embedded is a reconciler with an embedded context.
type Embedded struct {
	context.Context // want `reconciler type Embedded has a context.Context field context.Context`
}

func (e Embedded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
