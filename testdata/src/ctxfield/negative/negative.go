package negative

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// machineScope is a per-call scope, like cluster-api's scope objects.
type machineScope struct {
	ctx    context.Context
	client client.Client
	logger any
}

type scopeParams struct {
	Ctx    context.Context
	Client client.Client
}

func newScope(p scopeParams) *machineScope {
	s := &machineScope{client: p.Client}
	s.ctx = p.Ctx
	return s
}

func (s *machineScope) withTimeout(d time.Duration) context.CancelFunc {
	var cancel context.CancelFunc
	s.ctx, cancel = context.WithTimeout(s.ctx, d)
	return cancel
}

type R struct {
	client.Client
	base  context.Context //reconcilelint:ignore ctxfield set from main for the background refresher
	count int
}

var defaultTimeout = time.Minute

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := newScope(scopeParams{Ctx: ctx, Client: r.Client})
	cancel := s.withTimeout(defaultTimeout)
	defer cancel()
	local := &machineScope{}
	local.ctx = ctx
	params := scopeParams{}
	params.Ctx = ctx
	m := map[string]context.Context{}
	m[req.Name] = ctx
	var arr [1]context.Context
	arr[0] = ctx
	r.count++
	r.base = context.Background() // not the reconcile ctx
	ctx = context.WithValue(ctx, struct{}{}, 1)
	return ctrl.Result{}, r.reconcileNormal(ctx, s)
}

func (r *R) reconcileNormal(ctx context.Context, s *machineScope) error {
	s.ctx = ctx // a parameter: per call
	return nil
}

// setup is not a reconcile path.
func (r *R) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error {
	r.base = ctx
	return nil
}

// NotAReconciler has a context field but no Reconcile method.
type NotAReconciler struct {
	ctx context.Context
}

// clusterCache owns a lifecycle context for the caches it starts and cancels it on
// shutdown, like cluster-api's ClusterCache.
type clusterCache struct {
	cacheCtx       context.Context
	cacheCtxCancel context.CancelCauseFunc
}

func (cc *clusterCache) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// lifecycleController keeps the ctx given to Start and Warmup to start sources added
// later, like controller-runtime's internal Controller; Reconcile uses its own ctx.
type lifecycleController struct {
	ctx     context.Context
	started bool
}

func (c *lifecycleController) Warmup(ctx context.Context) error {
	c.ctx = ctx
	return nil
}

func (c *lifecycleController) Start(ctx context.Context) error {
	c.started = true
	c.ctx = ctx
	return nil
}

func (c *lifecycleController) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// typedController is the generic form, with an embedded lifetime context.
type typedController[request comparable] struct {
	context.Context
	queue []request
}

func (c *typedController[request]) Start(ctx context.Context) error {
	c.Context = ctx
	return nil
}

func (c *typedController[request]) Reconcile(ctx context.Context, req request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// runnable is built with the ctx of its Start in a composite literal.
type runnable struct {
	ctx context.Context
}

func (r *runnable) Start(ctx context.Context) error {
	*r = runnable{ctx: ctx}
	return nil
}

func (r *runnable) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
