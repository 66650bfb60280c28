// Package priorityonly defines an Analyzer that reports a Result.Priority that the
// controller never uses.
//
// # Analyzer priorityonly
//
// priorityonly: report a Result whose Priority is never used
//
// Result.Priority (controller-runtime v0.23 and later) sets the priority with which the
// key is added back to the queue: the controller applies it when it requeues the key,
// after RequeueAfter, for the deprecated Requeue, or for an error. A Result with only
// Priority and a nil error requeues nothing: the controller forgets the key, as for the
// zero Result, and the priority is dropped. The next event adds the key with the
// event's priority, not this one. Set RequeueAfter beside it (the requeue then carries
// the priority), or drop it.
//
// Priority is also ignored when the controller does not use the priority queue
// (UsePriorityQueue set to false in controller.Options or in the manager's
// config.Controller): the wrapped client-go queue has no priorities. The rule reports
// every Result with a Priority in reconcile paths of a package that sets
// UsePriorityQueue to a pointer to false (ptr.To(false)); the options of a manager
// built in another package (cmd/main.go) are not seen.
//
// The rule reports, in reconcile entry points and in the functions reached from them
// that return (reconcile.Result, error), a return whose Result may carry a Priority (a
// literal or variable whose Priority is set to anything but nil), when its
// RequeueAfter and Requeue are certainly zero and its error certainly nil, or when the
// package turns the priority queue off. On releases before v0.23 Result has no
// Priority and nothing is reported.
//
// Bad:
//
//	if app.Spec.Critical {
//		return ctrl.Result{Priority: ptr.To(100)}, nil // nothing is requeued: the priority is lost
//	}
//
// Good:
//
//	if app.Spec.Critical {
//		return ctrl.Result{RequeueAfter: time.Minute, Priority: ptr.To(100)}, nil
//	}
package priorityonly
