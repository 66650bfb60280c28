// Package terminalerror defines an Analyzer that reports terminal errors returned
// without a status write.
//
// # Analyzer terminalerror
//
// terminalerror: report unrecorded or transient terminal errors
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
// return of the function. A write whose error is ignored may fail unnoticed (a
// conflict loses it, and the terminal error is never retried to write it again). When
// the write is a client call or a call of a function of the package, discarded in a
// statement, assigned to _ or overwritten, that is the droppederr rule's finding, at
// the write, which is the line to change: this rule counts the write and says nothing,
// so the one defect is reported once. A write whose ignored error droppederr does not
// see (deferred without a closure that reads it, or a patch helper of another package)
// does not count here. In a helper the error goes back to its caller, which
// may write the status itself: terminal errors of helpers are reported only when no
// entry point of the package writes status at all.
//
// The rule also reports a terminal error made of an error that a test on the path to
// it found transient: apierrors.IsConflict, IsTimeout, IsServerTimeout,
// IsTooManyRequests, IsInternalError or IsServiceUnavailable, errors.Is (or ==) with
// context.DeadlineExceeded, or the Timeout method of a net.Error taken from it by a type
// assertion or errors.As. Every path from the function's start to the TerminalError
// call must take the transient side of such a test of an error the argument derives
// from (the error itself, or wrapped). A conflict or a timeout is the kind of failure a
// retry mends; made terminal, it is never retried, and the object stays failed until
// its next event, which may not come. This finding replaces the status-write one at
// the same call, whose advice is moot when the error should not be terminal; the fix
// returns the error itself. Not reported: terminal errors under IsNotFound, IsInvalid or
// IsForbidden tests, validation errors, the false side of a transient test, a branch
// also reached through a test that is not transient (IsConflict(err) ||
// IsInvalid(err)), and an error assigned again between the test and the call.
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
// Bad (the deferred write's error is lost: nothing records the failure for sure):
//
//	defer r.Status().Update(ctx, obj)
//	if spec.Replicas < 0 {
//		return ctrl.Result{}, reconcile.TerminalError(errors.New("negative replicas"))
//	}
//
// Bad (a conflict is transient: the next attempt, on a fresh read, would succeed):
//
//	if err := r.Update(ctx, obj); err != nil {
//		if apierrors.IsConflict(err) {
//			return ctrl.Result{}, reconcile.TerminalError(err)
//		}
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	if err := r.Update(ctx, obj); err != nil {
//		return ctrl.Result{}, err // retried with backoff, conflicts included
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
