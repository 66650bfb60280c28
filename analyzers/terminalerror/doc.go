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
// Create/Update/Patch/Apply through Status() or SubResource("status"), patch helpers,
// and calls of functions (of this module) that do one. A patch helper is recognised by
// its shape: a method Patch or PatchStatus of a concrete type of another package that
// holds the object (the call passes a client.Object, or the type has a field of one), as
// cluster-api's patch.Helper and Flux's patch.SerialPatcher. A deferred status write (a
// defer that patches the object, directly or through a method that does) covers every
// return of the function. A write whose error is ignored (assigned to _, a bare call
// statement, or deferred without a closure that reads it) does not count: a conflict
// loses it, and the terminal error is never retried to write it again. In a helper the error goes back to its caller, which
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
// Bad (the status write may fail unnoticed, and nothing retries it):
//
//	if spec.Replicas < 0 {
//		_ = r.Status().Update(ctx, obj)
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
//
// Good (a patch helper made from the object patches it in a defer):
//
//	patcher := patch.NewSerialPatcher(obj, r.Client)
//	defer func() {
//		if err := patcher.Patch(ctx, obj); err != nil {
//			retErr = errors.Join(retErr, err)
//		}
//	}()
//	if spec.Replicas < 0 {
//		conditions.MarkFalse(obj, "Ready", "InvalidSpec", "negative replicas")
//		return ctrl.Result{}, reconcile.TerminalError(errors.New("negative replicas"))
//	}
package terminalerror
