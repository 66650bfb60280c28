// Package errpoll defines an Analyzer that reports an error branch that requeues with
// RequeueAfter and a nil error instead of returning the error.
//
// # Analyzer errpoll
//
// errpoll: report a failure turned into a fixed-rate poll
//
// RequeueAfter is for waiting: for time to pass, for a system outside the cluster to
// get ready. A failure is returned as an error. The two are handled differently by the
// controller: an error requeues the key through the rate limiter, which backs off per
// object (5ms doubling up to 1000s) and resets on success, and counts in
// controller_runtime_reconcile_errors_total, which alerts watch; a Result with
// RequeueAfter and a nil error makes the controller forget the key's failures and add
// it back after the interval, as for a success. A reconcile that logs a failure (or
// drops it) and returns RequeueAfter polls a broken dependency at a fixed rate for as
// long as it stays broken, with nothing in the error metrics: a permanent failure (a
// bad credential, an invalid object) is retried every 30 seconds forever, and nobody is
// told.
//
// The rule reports, in reconcile entry points and in the functions reached from them
// that return (reconcile.Result, error), a return on the failed side of a test of an
// error (if err != nil, or the else of err == nil) whose Result may carry a positive
// RequeueAfter (a constant, or any value that is not a constant ≤ 0) and whose error is
// certainly nil there. It is reported at the Result, naming the call whose error is
// dropped; when several tests enclose the return, the innermost one.
//
// Not reported, as waits that the author named, not failures:
//
//   - a branch under a test that picks a kind of error: the true side of a predicate
//     given the error (apierrors.IsNotFound(err) of a dependency that will appear,
//     IsConflict, IsAlreadyExists, errors.Is(err, ErrNotReady) with a sentinel,
//     errors.As, a function of the module such as isRetryable(err)), the equal side of a
//     comparison of the error with a value (err == ErrPending), the nil side of a filter
//     (client.IgnoreNotFound(err) == nil). The other side of such a test (every other
//     error) is a failure and is reported;
//   - a branch that records the failure on the object before it requeues: a status
//     write (Status().Update or Patch, a patch helper, a function that writes status),
//     a call that sets a condition (meta.SetStatusCondition, cluster-api's
//     conditions.MarkFalse, a method named setCondition), a store into a field under
//     Status (app.Status.Message = err.Error()), or the error handed to any function
//     other than a logger, an event recorder or a formatter (a helper that records it).
//     The poll then is deliberate and visible on the object, which is what kubectl and
//     alerts on conditions show. Events are not enough: they expire after an hour and
//     no controller metric counts them;
//   - an error that a helper of the package made fresh on every path that fails, with
//     no failed call before it (return errors.New("not ready") after a state test): the
//     helper signals a wait with an error, and turning that into a poll is right. The
//     waiterr rule looks at such helpers.
//
// A logged error followed by a zero Result is the droppederr rule's finding (the
// change is lost until the next event); this rule takes the returns that requeue, so
// one defect is one finding. A RequeueAfter returned together with the error is the
// resulterr rule's (the controller ignores it). Results returned by calls are judged
// where they are built.
//
// Bad:
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		log.Error(err, "unable to update status")
//		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil // no backoff, no error metric
//	}
//
//	if err := r.cloud.EnsureLoadBalancer(ctx, spec); err != nil {
//		log.Error(err, "failed to reconcile the load balancer")
//		return ctrl.Result{RequeueAfter: time.Minute}, nil
//	}
//
// Good:
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		return ctrl.Result{}, fmt.Errorf("updating status: %w", err)
//	}
//
//	// A dependency that will appear: wait for it, a specific "not yet".
//	if err := r.Get(ctx, secretKey, &secret); err != nil {
//		if apierrors.IsNotFound(err) {
//			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
//		}
//		return ctrl.Result{}, err
//	}
//
//	// A deliberate poll of an external system, recorded where users look.
//	if err := r.cloud.EnsureLoadBalancer(ctx, spec); err != nil {
//		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "LoadBalancerReady",
//			Status: metav1.ConditionFalse, Reason: "ProviderError", Message: err.Error(),
//			ObservedGeneration: app.Generation})
//		if err := r.Status().Update(ctx, &app); err != nil {
//			return ctrl.Result{}, err
//		}
//		return ctrl.Result{RequeueAfter: time.Minute}, nil
//	}
package errpoll
