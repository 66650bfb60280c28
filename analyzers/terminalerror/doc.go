// Package terminalerror defines an Analyzer that reports terminal errors returned
// without a status write.
//
// # Analyzer terminalerror
//
// terminalerror: report terminal errors returned without a status write
//
// reconcile.TerminalError (controller-runtime v0.15 on) tells the controller not to retry: the error is counted in a
// metric and logged once, and the key is not requeued until the next event of the
// object. Nothing else records it. Unless the reconciler wrote the failure into the
// object's status (a condition, a phase, a message) before returning, the users of the
// object see no trace of it: kubectl shows the last status, which may claim progress,
// and nothing will change it.
//
// The rule reports, in functions reached from a reconcile entry point, a call of
// reconcile.TerminalError whose error (directly, wrapped with %w, or joined) is
// returned on a path without a status write before the return. Status writes are
// Create/Update/Patch/Apply through Status() or SubResource("status"), cluster-api's
// patch helper, and calls of functions (of this module) that do one. A deferred status
// write (a defer that patches the object, as with cluster-api's patch helper) covers
// every return of the function. In a helper the error goes back to its caller, which
// may write the status itself: terminal errors of helpers are reported only when no
// entry point of the package writes status at all.
//
// A terminal error that an entry point returns before it has any object in hand is about
// the request itself (an unknown cluster name, a malformed key) and is not reported:
// no client call, no call of a function of the package and no call through an interface
// comes before it on every path, so there is nothing whose status could record it.
//
// Bad:
//
//	if spec.Replicas < 0 {
//		return ctrl.Result{}, reconcile.TerminalError(errors.New("negative replicas"))
//	}
//
// Good:
//
//	if spec.Replicas < 0 {
//		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready",
//			Status: metav1.ConditionFalse, Reason: "InvalidSpec", Message: "negative replicas",
//			ObservedGeneration: obj.Generation})
//		if err := r.Status().Update(ctx, obj); err != nil {
//			return ctrl.Result{}, err
//		}
//		return ctrl.Result{}, reconcile.TerminalError(errors.New("negative replicas"))
//	}
package terminalerror
