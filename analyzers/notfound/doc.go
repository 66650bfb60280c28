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
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app appsv1.Deployment
//		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		...
//	}
package notfound
