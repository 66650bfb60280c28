// Package ctxfield defines an Analyzer that reports the reconcile ctx stored where it
// outlives the call, and context.Context fields of reconciler types.
//
// # Analyzer ctxfield
//
// ctxfield: report the reconcile ctx stored beyond the call
//
// The ctx passed to Reconcile belongs to one call. controller-runtime derives it for
// each reconcile: it carries the logger with the object's name and the reconcileID, and
// when ReconciliationTimeout (controller-runtime v0.22 on) is set it is cancelled as soon as Reconcile returns (and
// after the timeout). The reconciler value, by contrast, is shared by all
// MaxConcurrentReconciles workers and lives as long as the manager. A ctx stored in a
// reconciler field, a package variable or a long-lived map is overwritten by every
// worker (a data race when several run), and whoever reads it later gets the ctx of a
// reconcile that is over: calls fail with "context canceled" when a timeout is
// configured, and log lines carry the name and reconcileID of another object. A
// context.Context field in the reconciler type itself has the same problems (and, set
// at start-up, is never the request's ctx: no timeout, no request logger).
//
// The analyzer reports:
//   - fields of type context.Context (named or embedded) in a reconciler type, a type
//     with an entry-point Reconcile method, unless the type also has a field of type
//     context.CancelFunc or context.CancelCauseFunc: it then owns a lifecycle context
//     for what it starts (cluster-api's ClusterCache keeps the parent context of its
//     per-cluster caches and cancels it on shutdown), which is not a request ctx;
//     and unless every assignment to the field in the package stores the ctx parameter
//     of a lifecycle method: Start(ctx context.Context) error (the manager.Runnable
//     shape), or Warmup on a type with such a Start. That ctx is the component's
//     lifetime (controller-runtime's internal Controller keeps it to start watches
//     added after Start); a field also assigned elsewhere, from the reconcile ctx or
//     anything else, or never assigned, is reported;
//   - in functions reached from a reconcile entry point, assignments that store a
//     per-call context (a local variable or parameter of type context.Context, or a
//     context derived from one by a call such as context.WithTimeout,
//     context.WithValue or log.IntoContext), or a composite literal or append holding
//     one, into a package variable, or into a field, map or slice element reached from a
//     package variable or from the receiver of a method of a long-lived type: a
//     reconciler type or a type of the package that a reconciler type holds in a field;
//     (*sync.Map).Store, LoadOrStore and Swap on such a map count too. The store may
//     go through a local copy of such a place (st := r.state; st.ctx = ctx), when every
//     assignment of the local in the function is such a place (or its address) and the
//     stored path goes through a pointer, a map or a slice: the store then reaches the
//     reconciler's memory. A value copy of a struct (snap := r.snap; snap.ctx = ctx) is
//     the caller's own and is not reported.
//
// A per-call value created and dropped inside one reconcile is not reported: a local
// scope struct holding the ctx (cluster-api's scope objects), a parameter struct passed
// down, or a method of a type that no reconciler holds storing the ctx in its own
// receiver. Such values die with the call.
//
// Bad:
//
//	type Reconciler struct {
//		client.Client
//		ctx context.Context
//	}
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		r.ctx = ctx // shared by every worker, cancelled after this call
//		return ctrl.Result{}, r.sync(req)
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		return ctrl.Result{}, r.sync(ctx, req)
//	}
//
// Also good, a per-call scope:
//
//	scope := &machineScope{ctx: ctx, machine: m}
//	return r.reconcileNormal(scope)
//
// Bad, through a local copy of a pointer field:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		st := r.state // *reconcileState, shared by every worker
//		st.ctx = ctx
//		return ctrl.Result{}, r.sync(req)
//	}
//
// Good, a value copy used within the call:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		opts := r.defaults // a struct value: this call's own copy
//		opts.ctx = ctx
//		return ctrl.Result{}, r.sync(opts, req)
//	}
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// the webhook server serves admission requests concurrently, and each request's ctx is
// cancelled when it is answered or the API server gives up.
//
// Bad, in a webhook:
//
//	type QuotaHandler struct{ ctx context.Context }
//
//	func (h *QuotaHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		h.ctx = ctx // overwritten by the next request
//		return h.check(req)
//	}
//
// Good, in a webhook:
//
//	type QuotaHandler struct{}
//
//	func (h *QuotaHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		return h.check(ctx, req)
//	}
package ctxfield
