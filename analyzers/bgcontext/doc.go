// Package bgcontext defines an Analyzer that reports context.Background and
// context.TODO where the reconcile ctx is available.
//
// # Analyzer bgcontext
//
// bgcontext: report context.Background/TODO instead of the reconcile ctx
//
// The ctx that controller-runtime passes to Reconcile is derived from the manager's
// context: it is cancelled when the manager shuts down, and when a
// ReconciliationTimeout (controller-runtime v0.22 on) is configured it is cancelled after that timeout. It also carries
// the request logger (with the controller, object and reconcileID) that log.FromContext
// returns. A call made with context.Background() or context.TODO() instead is never
// cancelled: on shutdown the manager waits for its graceful-shutdown timeout (30s by
// default) while the call keeps running, an API call or webhook that hangs holds the
// reconcile worker forever (no ReconciliationTimeout can free it), and its log lines lose
// the object and reconcileID keys.
//
// The analyzer reports, on the calling goroutine:
//   - calls of context.Background() and context.TODO() in functions reached from a
//     reconcile entry point that has a ctx parameter, also when the enclosing helper has
//     no ctx parameter (the ctx then has to be passed down: the message says so and no
//     fix is offered);
//   - in any package of the module, also a helper package with no reconciler, calls of
//     context.Background() and context.TODO() in a function that has a ctx and ignores
//     it: reached from an exported function or a method that has a context.Context
//     parameter, which other packages call with their ctx (not SetupWithManager, not a
//     Runnable's Start(ctx), and not function values such a function registers, such
//     as map functions, which run later without it). The finding is at that line,
//     once, with the fix, and not at the helper's call sites: a helper package whose
//     forty helpers ignore their ctx gives forty findings, not one a call;
//   - calls of functions of other packages of the module that have no ctx parameter to
//     use and nevertheless call context.Background() or context.TODO(), reported at
//     each call that a reconcile reaches (only the caller knows that it does), with the
//     chain through the helper and the line that is to use the ctx once the helper
//     takes one.
//
// The fix replaces the call with the ctx parameter of the enclosing function or, in a
// closure without one, with the context parameter of an enclosing function, when that
// name still denotes a context.Context at the call.
//
// Not reported: context.WithoutCancel(ctx), the sanctioned way to detach cleanup work
// that must outlive the reconcile while keeping its values; main and init functions,
// SetupWithManager and manager Runnables (their Start(ctx) is not a reconcile path);
// code reached only from tests; code started on another goroutine (see the goroutine
// rule); and reconcilers of the pre-v0.7 form Reconcile(req), which have no request ctx.
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app v1.App
//		if err := r.Get(context.TODO(), req.NamespacedName, &app); err != nil { // never cancelled
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		return ctrl.Result{}, r.syncDNS(context.Background(), &app)
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app v1.App
//		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		return ctrl.Result{}, r.syncDNS(ctx, &app)
//	}
//
// Bad, in a helper package (reported at the context.TODO() line, not at its callers):
//
//	func EnsureSecret(ctx context.Context, c client.Client, s *corev1.Secret) error {
//		return c.Create(context.TODO(), s)
//	}
//
// Good, in a helper package:
//
//	func EnsureSecret(ctx context.Context, c client.Client, s *corev1.Secret) error {
//		return c.Create(ctx, s)
//	}
//
// Cleanup that must finish even when the reconcile is cancelled keeps the ctx's values
// and says so:
//
//	defer r.release(context.WithoutCancel(ctx), lease)
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// the request's ctx is cancelled when the API server gives up on the webhook (10s by
// default), and work under context.Background goes on. ConvertTo and ConvertFrom of a
// conversion get no ctx from the webhook server, so nothing is reported there.
//
// Bad, in a webhook:
//
//	func (v *WidgetValidator) ValidateCreate(ctx context.Context, obj *v1.Widget) (admission.Warnings, error) {
//		var list v1.WidgetList
//		return nil, v.Client.List(context.Background(), &list)
//	}
//
// Good, in a webhook:
//
//	func (v *WidgetValidator) ValidateCreate(ctx context.Context, obj *v1.Widget) (admission.Warnings, error) {
//		var list v1.WidgetList
//		return nil, v.Client.List(ctx, &list)
//	}
package bgcontext
