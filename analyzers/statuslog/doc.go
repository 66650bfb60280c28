// Package statuslog defines an Analyzer that reports a status list of the reconciled
// object that grows on every pass.
//
// # Analyzer statuslog
//
// statuslog: report a status list that grows by one entry on every pass
//
// The status is the controller's statement of its latest observation, not an event
// log. A reconcile that appends an entry to a list in the status of the object it
// reconciles (`app.Status.History = append(app.Status.History, entry)`) and writes the
// status without comparing old and new makes the list longer on every pass: the
// object grows towards etcd's limit on the size of one object (about 1.5 MiB), after
// which every write of it fails, and every read and watch event carries the whole
// history. Each write is also a change of the object, so a watch event that
// reconciles it again: without a predicate that drops status changes, the controller
// appends and writes in a hot loop. Events (an EventRecorder) are the place for a
// history; the status keeps the last observation, a condition or a counter.
//
// The analyzer reports, in functions reached from a reconcile entry point, an append
// to a list under the Status of the reconciled object (the out-parameter of a Get
// keyed by the request, or a parameter of its type), when the same function writes
// that object's status afterwards (or in a deferred write) with a write that nothing
// guards (no enclosing if, no earlier returning if other than error and nil tests, no
// DeepEqual or Equal comparison; the value-flow pass's write sinks, also through
// helpers that write their parameter), and the function does nothing else with the
// list.
// Not reported: a list rebuilt from scratch (reset before the appends), a bounded list
// (truncated, or its length tested), a list searched before the append (an entry
// added once), appends to local slices assigned to the status, guarded writes, and
// writes of the main resource while the status subresource is on (the API server
// drops the status there; statusupdate reports it).
//
// Bad:
//
//	app.Status.History = append(app.Status.History, appv1.Entry{Reason: "Synced", Message: msg, Time: metav1.Now()})
//	if err := r.Status().Update(ctx, &app); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good (the latest observation, written only when it changed):
//
//	changed := meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{
//		Type: "Synced", Status: metav1.ConditionTrue, Reason: "Synced", Message: msg, ObservedGeneration: app.Generation,
//	})
//	if changed {
//		if err := r.Status().Update(ctx, &app); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
package statuslog
