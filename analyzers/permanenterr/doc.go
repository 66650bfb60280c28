// Package permanenterr defines an Analyzer that reports an API error known to be
// permanent for its input that is returned as a plain error.
//
// # Analyzer permanenterr
//
// permanenterr: report a permanent API error returned to be retried
//
// Some errors of the API server say that the request itself is wrong: the object is
// invalid (422: a field the schema or a validating rule refuses, an immutable field
// changed), the request is malformed (400), the object is too large (413), the
// resource does not support the method or the patch type (405, 415). Sending the same
// object again gets the same answer. Returned from Reconcile as a plain error, it is
// retried through the rate limiter for as long as the input stays the same: forever,
// about every 16 minutes once the backoff reaches its cap, each time a log line and an
// error in controller_runtime_reconcile_errors_total, and nothing on the object tells
// its owner what to fix. reconcile.TerminalError (controller-runtime v0.15 and later)
// stops the retries (the error is still logged and counted), and a status condition
// says why; the user's edit of the spec then triggers the next reconcile.
//
// The rule reports, in functions whose error reaches the controller (reconcile entry
// points, functions that return (reconcile.Result, error), and functions of the
// package whose error those return), a return on the true side of
// apierrors.IsInvalid, IsBadRequest, IsRequestEntityTooLargeError,
// IsMethodNotSupported, IsNotAcceptable or IsUnsupportedMediaType whose error is the
// tested error, directly or wrapped (fmt.Errorf("...: %w", err)), and not made
// terminal. It is reported at the returned error. When the branch records the failure
// on the object first (a status write, a condition), the message says only that the
// retries go on forever. On controller-runtime before v0.15, which has no
// TerminalError, the message asks for a status condition and a nil error instead.
//
// Not reported: errors that a retry may mend, Forbidden included. A 403 is usually a
// missing RBAC rule, which an administrator fixes without touching the object, or an
// exceeded ResourceQuota, which frees up; retrying them with backoff is right. (The one
// permanent 403, a finalizer added to an object being deleted, is the finalizeradd
// rule's.) Errors that are not tested with one of the predicates are not judged: the
// rule cannot tell which kind a plain err is.
//
// Bad:
//
//	if err := r.Create(ctx, r.serviceFor(&app)); err != nil {
//		if apierrors.IsInvalid(err) {
//			return ctrl.Result{}, fmt.Errorf("the service is invalid: %w", err) // never succeeds
//		}
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	if err := r.Create(ctx, r.serviceFor(&app)); err != nil {
//		if apierrors.IsInvalid(err) {
//			meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready",
//				Status: metav1.ConditionFalse, Reason: "InvalidService", Message: err.Error(),
//				ObservedGeneration: app.Generation})
//			if serr := r.Status().Update(ctx, &app); serr != nil {
//				return ctrl.Result{}, serr
//			}
//			return ctrl.Result{}, reconcile.TerminalError(err)
//		}
//		return ctrl.Result{}, err
//	}
package permanenterr
