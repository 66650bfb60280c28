// Package goroutine defines an Analyzer that reports goroutines started in Reconcile
// paths and not waited for.
//
// # Analyzer goroutine
//
// goroutine: report goroutines that outlive the reconcile
//
// The controller decides what to do with a key from what Reconcile returns. A
// goroutine started in Reconcile and not waited for outlives the reconcile: the
// controller sees a nil error, calls Forget and considers the object done while the work
// is still running. The goroutine's error reaches no one, so nothing retries it, and the
// next reconcile of the same object may run at the same time as the goroutine, so the
// guarantee that one object is reconciled by one worker at a time is lost (two writers of
// the same status, conflicts, double creates). Work the controller should track belongs
// in Reconcile itself, or in a separate Runnable or controller whose results come back
// through the API or a source.Channel.
//
// The analyzer reports, in functions reached from a reconcile entry point on the worker
// goroutine, go statements and the goroutines started by (*errgroup.Group).Go and TryGo
// and by (*sync.WaitGroup).Go (Go 1.25), unless they are joined: a goroutine is joined
// when, in the same function and after the statement that starts it, there is
//   - a call of Wait on the same sync.WaitGroup or errgroup.Group (the same variable or
//     field path: wg, &wg, r.wg), for a go statement one that the goroutine's call or
//     function literal refers to (typically through wg.Done), or
//   - a receive from, or a range over, a channel the goroutine refers to (the goroutine
//     sends its result or closes a done channel).
//
// The check is positional: a Wait anywhere after the start in the same function, a
// deferred one included, counts, even if an early return on some path skips it. This
// keeps the usual fan-out/fan-in code quiet at the price of missing a Wait that is
// skipped on an error path. A go statement that calls x.Start(ctx) for a method with the
// shape of manager.Runnable (Start(context.Context) error) is not reported either: it
// starts a component with a lifecycle of its own, stopped through the ctx it is given
// (cluster-api's ClusterCache starts a cache per workload cluster this way). Goroutines
// started by other goroutines are not reported (they
// are not on the worker), nor are goroutines in start-up code (main, SetupWithManager,
// Runnables) or tests.
//
// Also reported: time.AfterFunc in a function reached from an entry point. Its callback
// runs on a goroutine of its own after the duration, usually after the reconcile has
// returned; nothing can wait for it (Timer.Stop does not), and it races with the next
// reconcile of the object. A delayed step belongs to the queue: return
// ctrl.Result{RequeueAfter: d}.
//
// Bad:
//
//	time.AfterFunc(time.Minute, func() { _ = r.Delete(context.Background(), obj) })
//	return ctrl.Result{}, nil
//
// Good:
//
//	return ctrl.Result{RequeueAfter: time.Minute}, nil // delete on the next pass
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		go r.updateStatus(ctx, &app) // the error is lost; the next reconcile may race with it
//		return ctrl.Result{}, nil
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		return ctrl.Result{}, r.updateStatus(ctx, &app)
//	}
//
// Also good, for independent calls that may run in parallel:
//
//	g, gctx := errgroup.WithContext(ctx)
//	for _, m := range members {
//		g.Go(func() error { return r.syncMember(gctx, m) })
//	}
//	if err := g.Wait(); err != nil {
//		return ctrl.Result{}, err
//	}
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// the API server has its answer before such a goroutine ends, its error reaches no one,
// it outlives the request's ctx, and every admission request starts another.
//
// Bad, in a webhook:
//
//	func (h *AuditHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		go h.record(req) // one more goroutine per write of the kind
//		return admission.Allowed("")
//	}
//
// Good, in a webhook:
//
//	func (h *AuditHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		if err := h.record(ctx, req); err != nil {
//			return admission.Errored(http.StatusInternalServerError, err)
//		}
//		return admission.Allowed("")
//	}
package goroutine
