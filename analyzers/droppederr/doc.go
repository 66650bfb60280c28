// Package droppederr defines an Analyzer that reports client writes whose error is
// discarded.
//
// # Analyzer droppederr
//
// droppederr: report client writes whose error is discarded
//
// A controller is level-triggered only as long as failures come back: when a write to
// the API server fails (a conflict, a webhook denial, a timeout) and Reconcile returns
// an error or a requeue, the key is retried. When the error of the write is dropped and
// Reconcile then succeeds, the controller calls Forget and waits for the next event of
// the object, which may never come: the change is lost. For a status write the users
// see a stale status until something else touches the object.
//
// The rule reports, in functions reached from a reconcile entry point, the writes of
// the controller-runtime client (Create, Update, Patch, Delete, DeleteAllOf, Apply; the
// Create, Update, Patch and Apply of Status() and SubResource() writers) and
// controllerutil.CreateOrUpdate/CreateOrPatch (also through the ctrl package's
// variables) whose error is:
//
//   - discarded: the call is an expression statement, its error is assigned to _, or
//     the variable holding it is overwritten or goes out of scope without being read;
//
//   - only logged: the error is compared with nil and passed to loggers or event
//     recorders only, and every return that follows returns a nil error and a Result
//     that is certainly zero (no RequeueAfter, no Requeue). Functions without an error
//     result (best-effort cleanups) are not reported for a logged error.
//
//   - dropped unless it passes an error test: the error is only given to
//     apierrors.IsXxx or errors.Is (and loggers), and the paths where the test is false
//     return as above; a Result that only copies RequeueAfter from an earlier step's
//     Result does not retry the dropped error.
//
// Two more kinds of call count as writes. A function of the package that returns the
// error of a write (directly, wrapped, or through another such function) hands the
// error to its caller: the caller that drops it is reported, at its call, naming the
// helper and the write (`updateStatus (Status().Update)`). Functions of other packages
// of the module are followed through the value-flow facts, which record the client
// writes whose error a function returns: the caller that drops it is reported, naming
// the chain (`status.Save → status.Update (Status().Update)`). And the owner-reference setters controllerutil.SetControllerReference,
// SetOwnerReference and ctrl.SetControllerReference, which fail when the owner is
// cluster-scoped and the object namespaced, across namespaces, or when another owner is
// already the controller: dropped, the child is created without the reference, is not
// garbage-collected with its owner, and Owns() never maps its events back.
//
// Writes are recognised by type identity: a helper named Delete or Patch that does not
// call the API (such as a conditions.Delete editing a slice) is not a write. Errors
// returned, wrapped, joined, stored in a variable that is returned, or given to any
// other function are not reported.
//
// A logged error followed by a Result with RequeueAfter is not reported here: the
// errpoll rule reports it (a failure polled at a fixed rate, without backoff or error
// metric), at the Result.
//
// A status write whose error is discarded right before a reconcile.TerminalError is
// reported here, at the write, and not by the terminalerror rule: the fix is at the
// write (check its error), and one defect gets one finding.
//
// Bad:
//
//	meta.SetStatusCondition(&app.Status.Conditions, ready)
//	r.Status().Update(ctx, &app) // a conflict loses the condition
//	return ctrl.Result{}, nil
//
// Good:
//
//	meta.SetStatusCondition(&app.Status.Conditions, ready)
//	if err := r.Status().Update(ctx, &app); err != nil {
//		return ctrl.Result{}, err
//	}
//	return ctrl.Result{}, nil
//
// Bad (the helper returns the error, the caller keeps only conflicts):
//
//	if err := r.updateStatus(ctx, obj); apierrors.IsConflict(err) {
//		return ctrl.Result{Requeue: true}, nil
//	}
//	return ctrl.Result{}, nil
//
//	_ = controllerutil.SetControllerReference(owner, child, r.Scheme)
//
//	status.Update(ctx, r.Client, obj) // another package's helper returns the write's error
//
// Good:
//
//	if err := r.updateStatus(ctx, obj); err != nil {
//		return ctrl.Result{}, err
//	}
//	if err := controllerutil.SetControllerReference(owner, child, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
//	if err := status.Update(ctx, r.Client, obj); err != nil {
//		return ctrl.Result{}, err
//	}
package droppederr
