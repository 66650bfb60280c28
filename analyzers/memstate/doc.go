// Package memstate defines an Analyzer that reports per-object state kept in the
// reconciler's memory.
//
// # Analyzer memstate
//
// memstate: report per-object state kept in reconciler maps
//
// The queue is not a durable log, and neither is the reconciler. A map in the
// reconciler keyed by the request (a NamespacedName, a name, a UID) that Reconcile
// writes (`r.attempts[req.NamespacedName]++`, `r.lastSync[req.Name] = time.Now()`)
// holds per-object state that the cluster does not know about:
//   - it is empty after a restart, an upgrade or a change of leader, so a retry budget
//     starts again from zero, a "last done" time says "never", and whatever the
//     reconcile decides from it differs between two replicas;
//   - nothing removes an object's entry when the object is deleted, so the map grows
//     with every object the controller has ever seen;
//   - the reconciler is shared by all MaxConcurrentReconciles workers: without a lock,
//     two workers writing the map at once crash the process (concurrent map writes).
//
// What must survive belongs in the object's status (a phase, the last error, an attempt
// count, an observed generation), where every replica and every restart sees it; the
// rest is derived again from the cluster on each reconcile.
//
// The analyzer reports, in functions reached from a reconcile entry point, the first
// write of each such field: an assignment, ++, -- or op= to an element of a map field
// of the reconciler type (reached from the receiver of one of its methods), and
// (*sync.Map) Store, LoadOrStore and Swap on such a field, when the key identifies an
// object: its type is types.NamespacedName (client.ObjectKey), reconcile.Request or
// types.UID, or it is a string built from a request's or an object's name, namespace
// or UID (req.Name, req.String(), obj.GetName(), cache.MetaNamespaceKeyFunc(obj), a
// fmt.Sprintf of them, or a local variable holding one). The race clause is left out
// when the writing function locks a mutex. It also reports calls of a work queue's
// NumRequeues in a reconcile path: that count lives in the rate limiter's memory, is
// reset by every success (Forget) and by a restart, and is no count of failures.
//
// Not reported: maps keyed by something other than an object (a kind, a GVK, a
// configuration name, a cluster); maps written only at set-up (outside reconcile
// paths); and maps the package prunes on the deletion path: a delete of the field
// (delete, or (*sync.Map).Delete, LoadAndDelete, CompareAndDelete) in a branch that
// runs only while the object is being deleted (a DeletionTimestamp test) or after its
// Get found nothing (IsNotFound), or in a function called from such a branch (a
// finalize helper). Such a map records what the process itself set up for the object
// (KEDA's scaled-object generations next to the scale loops it starts, a metric series,
// a watch) and goes away with it; after a restart the first reconcile sets it up
// again. A delete on the success path (`delete(r.attempts, key)` when the reconcile
// succeeds) is no such pruning: the entry of an object deleted while failing stays.
//
// Bad:
//
//	type Reconciler struct {
//		client.Client
//		failures map[types.NamespacedName]int
//	}
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		if err := r.sync(ctx, req); err != nil {
//			r.failures[req.NamespacedName]++ // reset by a restart, raced by workers
//			if r.failures[req.NamespacedName] > 5 {
//				return ctrl.Result{}, nil // gives up silently; tries again after a restart
//			}
//			return ctrl.Result{}, err
//		}
//		return ctrl.Result{}, nil
//	}
//
// Good:
//
//	if err := r.sync(ctx, &app); err != nil {
//		app.Status.FailedAttempts++
//		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{
//			Type: "Synced", Status: metav1.ConditionFalse, Reason: "SyncFailed",
//			Message: err.Error(), ObservedGeneration: app.Generation})
//		if app.Status.FailedAttempts > 5 {
//			return ctrl.Result{}, r.Status().Update(ctx, &app) // visible, survives restarts
//		}
//		return ctrl.Result{}, errors.Join(err, r.Status().Update(ctx, &app))
//	}
package memstate
