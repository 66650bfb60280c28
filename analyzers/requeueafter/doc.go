// Package requeueafter defines an Analyzer that reports a constant RequeueAfter too
// short to be anything but a busy poll.
//
// # Analyzer requeueafter
//
// requeueafter: report a constant RequeueAfter shorter than a threshold
//
// A Result with RequeueAfter set and a nil error makes the controller forget the key's
// failures and add it back after the interval. With a tiny constant interval this is a
// busy poll: the object is reconciled several times a second for as long as the
// condition it waits for is false, every pass reads it (and often its children) and may
// write it, and the queue is never idle. It imitates a loop on the worker and loads the
// API server and the informer caches for nothing. When the reconcile waits for another
// object of the cluster (a Deployment to roll out, a child to become ready), watch that
// object instead (Owns, Watches with an event handler that maps it to its owner): its
// change triggers the reconcile at once, without polling. Polling with RequeueAfter is
// for systems outside the cluster, at an interval that they can bear.
//
// The rule reports a composite literal of reconcile.Result (or ctrl.Result) whose
// RequeueAfter is a constant greater than zero and shorter than the threshold (option
// threshold, default 1s), and an assignment of such a constant to the RequeueAfter field
// of a Result. Zero is not reported (it means no requeue), nor are negative values
// (the key is forgotten) or values that are not constant. A literal returned together
// with an error that is certainly non-nil (errors.New, fmt.Errorf, err inside
// if err != nil) is left to the resulterr rule: on that path the controller ignores
// RequeueAfter and backs off for the error. Like the requeue rule it reports everywhere
// outside test code, not only in functions reached from an entry point: a Result has no
// use but to be returned to the controller.
//
// A short requeue right after a write is one-shot, not a poll, and is not reported: a
// write (a client Create, Update, Patch, Delete or Apply, or a method of that name
// given a context and an object, such as a wrapper that returns the deleted object or
// a patch helper) that comes before the Result on every path through the function, or
// a Result under an apierrors.IsConflict test (a write refused, retried on a fresh
// read). The write is itself a watch event and costs more than the one reconcile the
// requeue adds, and the requeue comes back only as often as the writes do: cluster-api
// deletes an unhealthy Machine and returns RequeueAfter of 1ms only to stop the pass.
// A busy poll reconciles without writing. The price: a path that writes on every pass
// and then requeues quickly is not reported here (when the write is of the reconciled
// object, selftrigger may report it).
//
// The option reportAfterWrite (default false) reports such a requeue after a write too:
// a very short requeue that stands in for a recursive call of the reconcile, which the
// write's own event makes unnecessary (and a reconcile 1ms later may still read the
// object from before the write). It is off by default because the one-shot requeue
// does no harm beyond one extra pass, and some operators use it on purpose, as
// cluster-api does. A requeue under an IsConflict test is not reported either way.
//
// Bad:
//
//	if deploy.Status.AvailableReplicas < *deploy.Spec.Replicas {
//		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil // 10 reconciles a second
//	}
//
// Good:
//
//	// SetupWithManager: ctrl.NewControllerManagedBy(mgr).For(&appv1.App{}).Owns(&appsv1.Deployment{})
//	if deploy.Status.AvailableReplicas < *deploy.Spec.Replicas {
//		return ctrl.Result{}, nil // the Deployment's status change requeues the App
//	}
//
//	// An external system that cannot send events: poll it at an interval it can bear.
//	if !lb.Ready {
//		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
//	}
package requeueafter
