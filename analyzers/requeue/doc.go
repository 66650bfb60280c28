// Package requeue defines an Analyzer that reports the deprecated Result.Requeue.
//
// # Analyzer requeue
//
// requeue: report the deprecated Result.Requeue field
//
// controller-runtime deprecated Result.Requeue in v0.21 (the rule reports it on every
// release: the backoff below holds on all of them). When Reconcile returns Requeue: true
// with a nil error, the controller re-adds the key through the rate limiter and does not
// call Forget, so the per-item backoff keeps growing with every such requeue: 5ms, 10ms,
// 20ms, ... up to 1000s. A controller that meant "check again soon" ends up checking
// every 16 minutes. When the error is non-nil the field is ignored altogether, like
// RequeueAfter (the error path requeues with backoff; only Result.Priority, which
// exists from controller-runtime v0.23, still applies), and when RequeueAfter is
// positive it is ignored too (RequeueAfter wins). Set RequeueAfter to the interval you
// mean. Where the error returned beside Requeue may be non-nil (return
// ctrl.Result{Requeue: true}, statusErr), the message says both: on the error path
// Requeue is ignored and the key backs off for the error, on the nil path it backs off
// without Forget.
//
// The rule reports composite literals of reconcile.Result (or ctrl.Result) that set
// Requeue to anything but the constant false, and assignments res.Requeue = x to a
// Result variable that the function returns (or a *Result parameter). Reads of the field
// are never reported. Unlike most rules it reports everywhere outside test code (_test.go
// files and test-support packages, as defined in docs/analyzers.md), not only in
// functions reached from an entry point: a Result has no other use than to be returned
// to the controller, and sub-reconcilers often live in packages without a Reconcile.
//
// Two fixes keep the behaviour unchanged and are offered:
//   - Requeue: true next to a positive constant RequeueAfter is removed;
//   - a Result returned together with an error that is certainly non-nil (errors.New,
//     fmt.Errorf, reconcile.TerminalError, or err inside if err != nil with no
//     assignment to err before the return) is replaced by the zero Result, since the
//     controller ignores its Requeue and RequeueAfter. A Priority is kept: the controller applies it to the
//     error path too.
//
// Neither fix is offered when it would drop a value with a side effect, such as a call.
//
// Bad:
//
//	if !lb.Provisioned() { // a cloud load balancer, outside the cluster
//		return ctrl.Result{Requeue: true}, nil
//	}
//	return ctrl.Result{Requeue: true}, fmt.Errorf("creating service: %w", err)
//
// Good:
//
//	if !lb.Provisioned() {
//		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
//	}
//	return ctrl.Result{}, fmt.Errorf("creating service: %w", err)
//
// An object of the cluster (a Deployment that rolls out) is not polled at all: watch it
// (Owns or Watches) and its status change requeues the object.
package requeue
