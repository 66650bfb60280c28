// Package finalizeradd defines an Analyzer that reports a finalizer added and written
// with no test of the object's deletion timestamp.
//
// # Analyzer finalizeradd
//
// finalizeradd: report finalizer added without a deletion timestamp test
//
// The API server refuses to add a finalizer to an object that is being deleted ("no
// new finalizers can be added if the object is being deleted", Forbidden). A reconcile
// that adds its finalizer whenever it is missing, before it looks at the deletion
// timestamp, therefore fails on every pass for an object that is terminating without
// this controller's finalizer: after the controller removed its own while other
// finalizers still hold the object, or when the object was deleted before the
// controller first saw it (foreground deletion keeps it with the foregroundDeletion
// finalizer). The Update returns the error, the key backs off towards 16 minutes, and
// the deletion branch further down is never reached.
//
// The analyzer reports, in functions reached from a reconcile entry point, a
// finalizer added in memory (controllerutil.AddFinalizer, AddFinalizerWithError before
// controller-runtime v0.7, `x.Finalizers = append(x.Finalizers, f)`,
// `x.SetFinalizers(append(x.GetFinalizers(), f))`) and then written by the function (a
// client Update or Patch of the object, a patch helper, a helper whose name says it
// writes, or a deferred write), when no test of the deletion timestamp guards the
// addition: it is not in the branch of `x.DeletionTimestamp.IsZero()` (or `== nil`, or
// the else of a test for deletion, or a predicate named like IsBeingDeleted), nor after
// an if that tests for deletion and returns, and, for a helper, not every call of it in
// the package stands in such a place.
// Not reported: the kubebuilder shape (`if obj.DeletionTimestamp.IsZero() { if
// !ContainsFinalizer { AddFinalizer; Update } } else { ... }`), a function that returns
// early when the deletion timestamp is set, a helper called only for live objects, an
// object built in the function (it is being created, not deleted), and an addition
// that the function does not write.
//
// Bad:
//
//	if !controllerutil.ContainsFinalizer(&app, appFinalizer) {
//		controllerutil.AddFinalizer(&app, appFinalizer)
//		if err := r.Update(ctx, &app); err != nil {
//			return ctrl.Result{}, err // Forbidden while the object is terminating
//		}
//	}
//	if !app.DeletionTimestamp.IsZero() {
//		return r.finalize(ctx, &app)
//	}
//
// Good:
//
//	if !app.DeletionTimestamp.IsZero() {
//		return r.finalize(ctx, &app)
//	}
//	if !controllerutil.ContainsFinalizer(&app, appFinalizer) {
//		controllerutil.AddFinalizer(&app, appFinalizer)
//		if err := r.Update(ctx, &app); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
package finalizeradd
