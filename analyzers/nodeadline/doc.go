// Package nodeadline defines an Analyzer that reports external calls that can wait
// forever in a reconcile with no deadline.
//
// # Analyzer nodeadline
//
// nodeadline: report external calls with no deadline in reconcile paths
//
// The ctx that controller-runtime hands to Reconcile has no deadline unless the
// controller sets ReconciliationTimeout (controller.Options, or the manager's
// controller defaults, from v0.22); before v0.22 there is no such option at all. A call
// to another system that takes the ctx but has no timeout of its own then waits as
// long as its peer does: a stalled HTTP server, a gRPC backend that never answers, a
// database holding a lock. The worker that runs the reconcile (one per controller by
// default, MaxConcurrentReconciles) is held until the process restarts, and every
// other object of the controller waits behind it. More workers do not fix it: each
// stalled call takes one.
//
// The analyzer reports, in code reached from a reconcile entry point:
//
//   - Do, Get, Post, PostForm and Head of an http.Client without a Timeout:
//     http.DefaultClient, or a local client made with a literal (or new) that sets
//     neither Timeout nor Transport, when the request's ctx is known (the request is
//     built in the same function with http.NewRequestWithContext);
//   - gRPC calls (methods whose last parameter is ...grpc.CallOption);
//   - database/sql calls with a ctx (QueryContext, ExecContext, QueryRowContext,
//     PingContext, PrepareContext, BeginTx);
//
// when the ctx they get is not derived with context.WithTimeout or WithDeadline
// (their Cause variants included) on the way from the entry point: in the function of
// the call, or, for a ctx parameter, at every call of the function in the package; and
// when every controller that runs the code is known (see the wiring pass) and at least
// one of them sets no ReconciliationTimeout, nor do the manager's controller defaults
// in the package. The message names the controller option on releases that have it
// and context.WithTimeout on older ones.
//
// Not reported: a client with a Timeout, or whose Transport is set (its own timeouts
// are not judged); a ctx with a derived deadline; controllers that set
// ReconciliationTimeout; calls whose ctx is context.Background or TODO (bgcontext
// reports them) or that take no ctx (nocancel reports them); clients held in fields or
// parameters, whose construction the analyzer does not see; controllers not fully
// known. The manager's defaults are seen only where the manager is built in the
// analysed package; a manager built in main with a ReconciliationTimeout default is not
// seen by the controllers' packages (give the option to the controller too, or
// suppress with a reason).
//
// Bad:
//
//	// SetupWithManager: For(&v1.Webhook{}).Complete(r): no ReconciliationTimeout
//	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, hook.Spec.URL, nil)
//	if err != nil {
//		return ctrl.Result{}, err
//	}
//	resp, err := http.DefaultClient.Do(hreq) // no Timeout: a stalled peer holds the worker
//
// Good:
//
//	// SetupWithManager: ...WithOptions(controller.Options{ReconciliationTimeout: time.Minute})
//	resp, err := http.DefaultClient.Do(hreq)
//
// Good (before v0.22):
//
//	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
//	defer cancel()
//	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, hook.Spec.URL, nil)
package nodeadline
