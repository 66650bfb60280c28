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
	Ctx      context.Context // want `reconciler type R has a context.Context field Ctx: a stored ctx is not the request's \(no ReconciliationTimeout from controller-runtime v0.22 on, no request logger or reconcileID\) and is shared by all workers: use the ctx parameter of Reconcile`
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

// startAndReconcile stores the ctx of Start, and the request's ctx too.
type startAndReconcile struct {
	ctx context.Context // want `reconciler type startAndReconcile has a context.Context field ctx`
}

func (s *startAndReconcile) Start(ctx context.Context) error {
	s.ctx = ctx
	return nil
}

func (s *startAndReconcile) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s.ctx = ctx // want `the reconcile ctx is stored in s.ctx`
	return ctrl.Result{}, nil
}

// warmupOnly has a Warmup but no Runnable Start: Warmup is not a lifecycle method.
type warmupOnly struct {
	ctx context.Context // want `reconciler type warmupOnly has a context.Context field ctx`
}

func (w *warmupOnly) Warmup(ctx context.Context) error {
	w.ctx = ctx
	return nil
}

func (w *warmupOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// notRunnable's Start does not have the manager.Runnable shape.
type notRunnable struct {
	ctx context.Context // want `reconciler type notRunnable has a context.Context field ctx`
}

func (n *notRunnable) Start(ctx context.Context) {
	n.ctx = ctx
}

func (n *notRunnable) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// startDerived stores a context derived from Start's ctx, not the parameter itself.
type startDerived struct {
	ctx context.Context // want `reconciler type startDerived has a context.Context field ctx`
}

func (s *startDerived) Start(ctx context.Context) error {
	s.ctx = context.WithValue(ctx, struct{}{}, 1)
	return nil
}

func (s *startDerived) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
