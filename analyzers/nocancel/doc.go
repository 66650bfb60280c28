// Package nocancel defines an Analyzer that reports calls in reconcile paths that cannot
// be cancelled through the Reconcile context.
//
// # Analyzer nocancel
//
// nocancel: report calls in reconcile that ignore the ctx
//
// controller-runtime cancels the ctx given to Reconcile when the manager shuts down and,
// with ReconciliationTimeout (controller-runtime v0.22 on), when a reconcile runs too long. A call that takes no
// context does not notice: an HTTP request to a slow endpoint, a command that hangs, a
// dial to an unreachable address or a database query keeps the reconcile worker until
// the call's own timeout, if it has one. Meanwhile the worker takes no other key, the
// timeout metric is recorded but the reconcile goes on, and a shutdown waits for it (or
// is cut off by the manager's graceful shutdown timeout). Use the variant that takes the
// ctx so that cancellation reaches the call.
//
// The analyzer reports, in functions reached from a reconcile entry point on the worker
// goroutine (directly, or through functions of other packages of the module):
//   - http.Get, http.Head, http.Post, http.PostForm and the same methods of *http.Client;
//   - http.NewRequest (use http.NewRequestWithContext);
//   - exec.Command (use exec.CommandContext);
//   - net.Dial, net.DialTimeout and (*net.Dialer).Dial (use a Dialer's DialContext);
//   - the database/sql methods without Context of *sql.DB (Query, QueryRow, Exec, Ping,
//     Begin, Prepare), *sql.Tx (Query, QueryRow, Exec, Prepare, Stmt) and *sql.Stmt
//     (Query, QueryRow, Exec).
//
// Where the call is, and who is told:
//   - in a function that has a context.Context parameter, or a closure in one, the call
//     is reported where it stands, in that function's package: also in a helper package
//     with no reconciler, for functions reached from an exported function or method that
//     takes a ctx (other packages call it with theirs). It is reported once, not at the
//     helper's callers, which pass their ctx. Its message says what holds for any
//     caller, since the helper's package cannot know who calls it: whoever waits for
//     it (a reconcile worker, a webhook request, a command-line tool) waits past its
//     ctx's deadline and cancellation;
//   - in a function of another package with no ctx to use (e.g. a Git(args...) helper),
//     the call of that helper is reported at each site a reconcile reaches, with the
//     chain: only the caller knows that a reconcile waits on it.
//
// Where the rewrite is mechanical a fix is offered: the Context variant with the
// context.Context variable in scope at the call (the innermost one that is not shadowed,
// usually the Reconcile ctx), e.g. exec.Command(n, args...) becomes
// exec.CommandContext(ctx, n, args...), db.Begin() becomes db.BeginTx(ctx, nil) and
// dialer.Dial(n, a) becomes dialer.DialContext(ctx, n, a). http.Get and friends and
// net.Dial are only reported: they need a request or a Dialer to be built. No fix is
// offered when no context is in scope.
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		out, err := exec.Command("helm", "status", req.Name).Output() // ignores ctx
//		...
//		resp, err := http.Get(r.healthURL) // the default client has no timeout
//		...
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		out, err := exec.CommandContext(ctx, "helm", "status", req.Name).Output()
//		...
//		hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, r.healthURL, nil)
//		if err != nil {
//			return ctrl.Result{}, err
//		}
//		resp, err := r.httpClient.Do(hreq)
//		...
//	}
//
// Bad, in a helper package (reported at the exec.Command line, not at its callers):
//
//	func Helm(ctx context.Context, args ...string) ([]byte, error) {
//		return exec.Command("helm", args...).Output()
//	}
//
// Good, in a helper package:
//
//	func Helm(ctx context.Context, args ...string) ([]byte, error) {
//		return exec.CommandContext(ctx, "helm", args...).Output()
//	}
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// the API server gives up on a webhook at its timeout (10s by default, at most 30s) and
// cancels the request's ctx; a call that ignores it goes on waiting.
//
// Bad, in a webhook:
//
//	func (d *WidgetDefaulter) Default(ctx context.Context, obj *v1.Widget) error {
//		resp, err := http.Get(d.url) // not cancelled when the API server gives up
//		...
//	}
//
// Good, in a webhook:
//
//	func (d *WidgetDefaulter) Default(ctx context.Context, obj *v1.Widget) error {
//		req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.url, nil)
//		...
//		resp, err := d.http.Do(req)
//		...
//	}
package nocancel
