// Package waiterr defines an Analyzer that reports fresh errors returned for a state
// of an object rather than for a failure: a wait, or invalid input.
//
// # Analyzer waiterr
//
// waiterr: report a fresh error for a wait or for invalid input
//
// An error returned from Reconcile tells the controller that something failed: it
// requeues the key through the rate limiter, which backs off per object (5ms doubling
// up to 1000s, about 16 minutes), logs "Reconciler error" and counts the pass in
// controller_runtime_reconcile_errors_total. Two things that are not failures are often
// returned that way:
//
//   - a wait: "deployment not ready", "waiting for the endpoint". The object the
//     reconcile waits for becomes ready in seconds, but after a few passes the key
//     is already backing off for minutes, every pass is an error in the logs and the
//     metrics, and alerts on the error rate fire for a rollout. Watch the object
//     (Owns, Watches) so that its change requeues the key at once, or, for a system
//     that sends no events, return a Result with RequeueAfter and a nil error;
//   - invalid input: "size must be >= 0". Retrying does not help until the user edits
//     the spec, yet the key is retried forever, at the backoff cap, and nothing on the
//     object says why. Return reconcile.TerminalError (controller-runtime v0.15 and
//     later: no retry, still logged and counted) and record the reason in a status
//     condition; the spec change then triggers the next reconcile.
//
// The rule reports, in functions reached from a reconcile entry point, an error made
// fresh from a message (errors.New, fmt.Errorf with no %w verb and no error operand,
// github.com/pkg/errors New and Errorf under the same condition) that the function
// returns, when
//
//   - no call failed on the way to it: it is not on the failed side of a test of an
//     error (err != nil, apierrors.IsNotFound(err), errors.Is(err, x)). An error made
//     fresh after a failure only drops the cause (a finding for code review, not
//     this rule);
//   - it is under a test of an API object's state: an if whose condition reads the
//     Status or Spec of an object (a struct that embeds metav1.ObjectMeta:
//     deploy.Status.ReadyReplicas < want, meta.IsStatusConditionTrue(app.Status.Conditions,
//     ...), app.Spec.Size < 0) or gives an object to a function or method
//     (app.IsReady(), isAvailable(deploy)). Metadata (finalizers, deletion timestamp,
//     labels) is not state. A test of something else (an HTTP status code, a parsed
//     value) is left alone: that error may well be a failure;
//   - the error reaches the controller: the function returns (reconcile.Result, error),
//     or a function of the package that does returns the error of a call of it,
//     wrapped or not, directly or through such functions. A caller that turns the
//     error into RequeueAfter with a nil error handles the wait and nothing is
//     reported.
//
// The message depends on what the test reads: a Status field is a wait; a Spec field
// of a custom resource (a kind declared outside k8s.io) is taken for invalid input,
// with a note for a field that another controller fills in (then it is a wait as
// well); the spec of a built-in kind (a Service's clusterIP, a Pod's nodeName) is not
// this controller's input, and it and an object given to a function may be either. A fresh
// error returned together with a positive RequeueAfter is the resulterr rule's finding
// (the RequeueAfter is ignored), and a reconcile.TerminalError around the error is
// what the rule asks for. On controller-runtime before v0.15, which has no
// TerminalError, the message asks for a status condition and a nil error instead.
//
// Not reported: an assertion, where the error's message or a comment on the two lines
// above it says that the state cannot happen ("spec.replicas is nil, this is
// unexpected", "// This should never happen as this is validated on admission"). Such
// checks guard fields that the API server's defaulting or validation fills in or
// restricts (a replicas count a defaulting webhook sets, the default of a switch over
// an enum the CRD validates): the input they describe never reaches the controller,
// so nothing is retried forever. Words that state a rule for the user ("must be",
// "should not exceed") are no assertion.
//
// This is a heuristic: an error that looks like a wait may be a failure the author
// means to report (a child that crashed, a state that should not happen). The rule's
// findings on real operators are in docs/precision.md.
//
// Bad:
//
//	if deploy.Status.ReadyReplicas < *deploy.Spec.Replicas {
//		return ctrl.Result{}, fmt.Errorf("deployment %s not ready", deploy.Name)
//	}
//	if app.Spec.Size < 0 {
//		return ctrl.Result{}, errors.New("size must be >= 0") // retried forever
//	}
//
// Good:
//
//	// SetupWithManager: For(&v1.App{}).Owns(&appsv1.Deployment{})
//	if deploy.Status.ReadyReplicas < *deploy.Spec.Replicas {
//		return ctrl.Result{}, nil // the Deployment's status change requeues the App
//	}
//	if app.Spec.Size < 0 {
//		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready",
//			Status: metav1.ConditionFalse, Reason: "InvalidSize", Message: "size must be >= 0",
//			ObservedGeneration: app.Generation})
//		if err := r.Status().Update(ctx, &app); err != nil {
//			return ctrl.Result{}, err
//		}
//		return ctrl.Result{}, reconcile.TerminalError(errors.New("size must be >= 0"))
//	}
package waiterr
