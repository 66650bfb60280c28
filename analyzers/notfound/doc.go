// Package notfound defines an Analyzer that reports the Get of the reconciled object
// whose NotFound error is returned.
//
// # Analyzer notfound
//
// notfound: report a NotFound of the reconciled object returned
//
// Reconcile is called for the key of an object that was deleted too: the delete event
// enqueues it. The first thing most reconcilers do is Get the object named by the
// request. When that Get fails with NotFound and Reconcile returns the error, the
// controller requeues the key through the rate limiter, the next attempt fails the same
// way, and so on forever: the backoff grows to 1000s and the key is never forgotten,
// logging "Reconciler error" each time, until the process restarts. A deleted object is
// not an error: return a nil error (client.IgnoreNotFound(err) does it).
//
// The rule reports, in every reconcile entry point, a return of a possibly non-nil error
// computed from the error of a client Get whose key comes from the request
// (req.NamespacedName, req.Name and req.Namespace, or a key built from them), when the
// return is not on either side of an IsNotFound check of that error. Wrapping
// (fmt.Errorf, errors.Wrap) does not hide the NotFound from the retry: it is reported
// too. Not reported: errors passed through client.IgnoreNotFound, returns inside an
// IsNotFound branch or after one (a deliberate choice), Gets of other objects, and
// object reconcilers used with reconcile.AsReconciler, whose adapter already ignores
// NotFound. When the returned error is the Get's error itself, the fix wraps it in
// client.IgnoreNotFound.
//
// A Get done in a helper counts too: a function of the package or of another package of
// the module (through the value-flow facts) that returns, unfiltered, the error of a Get
// whose key is built from its parameter, called with a key from the request; the
// finding is at the entry point's return, names the helper and the Get's position.
//
// The rule also reports, in the deletion path, a client Delete whose error, NotFound
// included, is returned: when the object is already gone (deleted by someone else, or
// by an earlier attempt whose next step failed) every retry fails the same way and the
// owner stays Terminating with growing backoff. The deletion path is the branch of an
// if statement that tests the deletion timestamp (`!obj.GetDeletionTimestamp().IsZero()`,
// `obj.DeletionTimestamp != nil`, the else of `IsZero()`, the rest of the function after
// `if obj.DeletionTimestamp.IsZero() { return ... }`), and the functions of the package
// it calls (up to three calls deep); a call there of a function of another package that
// returns a Delete's error unfiltered counts too, reported at that call. Not reported:
// errors passed through client.IgnoreNotFound or tested with apierrors.IsNotFound
// anywhere in the function, errors that are not returned, Deletes outside the deletion
// path, and a Delete of the reconciled object itself (its next Get ends the retries).
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app appsv1.Deployment
//		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
//			return ctrl.Result{}, err // a deleted Deployment fails forever
//		}
//		...
//	}
//
//	if !app.DeletionTimestamp.IsZero() {
//		if err := r.Delete(ctx, child); err != nil {
//			return ctrl.Result{}, err // already gone: fails forever
//		}
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app appsv1.Deployment
//		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		...
//	}
//
//	if !app.DeletionTimestamp.IsZero() {
//		if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
//			return ctrl.Result{}, err
//		}
//	}
package notfound
