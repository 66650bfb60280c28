// Package resulterr defines an Analyzer that reports a Result with RequeueAfter
// returned together with an error that may be non-nil.
//
// # Analyzer resulterr
//
// resulterr: report a RequeueAfter returned with a non-nil error
//
// When Reconcile returns a non-nil error, the controller ignores the Result's Requeue
// and RequeueAfter (only a Result.Priority still applies, to the error path too): it
// logs a warning that RequeueAfter and Requeue will always be ignored when the error is
// non-nil, and requeues the key through the rate limiter (5ms doubling up to 1000s)
// instead of after RequeueAfter. Code that means "try
// again in a minute" but also returns the error of some call retries on the backoff
// schedule instead, and code that means "report the error and poll" never polls at the
// interval it asked for. Return either the error (with the zero Result) or the Result
// with a nil error.
//
// The rule reports, in reconcile entry points and in functions reached from them that
// return (reconcile.Result, error) (sub-reconcilers and helpers whose values become the
// entry point's), a return whose Result may carry a positive RequeueAfter (a literal or
// a Result variable that sets it to anything but a constant ≤ 0) while its error may be
// non-nil on that path. The analysis follows paths: an error tested by `if err != nil {
// return ... }` earlier, or a nil literal, is nil; when the Result and the error are
// chosen together by the same branches, each branch is judged on its own. Results
// returned by calls are not followed (the function that builds them is checked where
// it returns). The deprecated Requeue field is left to the requeue rule, which reports
// every use of it.
//
// Bad:
//
//	if err := r.Get(ctx, key, &secret); err != nil {
//		// the error makes the controller ignore the minute: it retries after 5ms, 10ms, ...
//		return ctrl.Result{RequeueAfter: time.Minute}, err
//	}
//
// Good:
//
//	if err := r.Get(ctx, key, &secret); err != nil {
//		if apierrors.IsNotFound(err) {
//			// not there yet: the controller watches Secrets (Watches in SetupWithManager),
//			// so the Secret's creation requeues the object; no poll is needed
//			return ctrl.Result{}, nil
//		}
//		return ctrl.Result{}, err
//	}
//
//	// A system outside the cluster sends no events: poll it, with a nil error.
//	if err := r.Vault.Read(ctx, path); errors.Is(err, vault.ErrNotFound) {
//		return ctrl.Result{RequeueAfter: time.Minute}, nil
//	}
package resulterr
