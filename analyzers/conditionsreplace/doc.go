// Package conditionsreplace defines an Analyzer that reports the conditions of an
// object read from the cluster replaced by a new list and written.
//
// # Analyzer conditionsreplace
//
// conditionsreplace: report conditions replaced by a new list, then written
//
// The conditions of an object are shared: several controllers (and the same
// controller on earlier passes) set their own types, and each condition keeps the
// time it last changed (LastTransitionTime). A reconcile that assigns a new list to
// the conditions of the object it read (`app.Status.Conditions =
// []metav1.Condition{ready}`) and writes it drops every condition it did not put in
// the list, and resets the transition time of the ones it did, often to metav1.Now():
// the status then differs on every pass, every write is a watch event, and clients
// that wait for a condition see it appear and vanish. A JSON merge patch sends the
// list whole as well. meta.SetStatusCondition changes one condition in place, keeps
// the others, and moves LastTransitionTime only when the status changes.
//
// The analyzer reports, in functions reached from a reconcile entry point, an
// assignment to x.Status.Conditions of a list built without the old one (nil, a
// composite literal, make, appends to such a list, a local variable built so, nothing
// of it reading Conditions or GetConditions), when x holds an object read from the
// cluster (a Get, a List, a helper that returns one) or the reconciled object, and the
// function then writes x (a client Update or Patch, a status write, a patch helper, a
// helper whose name says it writes, or a deferred write).
// Not reported: meta.SetStatusCondition and RemoveStatusCondition, the conditions of
// an object built in the function (being created), a list computed from the old one
// (filtered or copied from x.Status.Conditions), a strategic merge patch (built-in
// kinds merge conditions by type), and a server-side apply.
//
// Bad:
//
//	app.Status.Conditions = []metav1.Condition{{
//		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Deployed",
//		LastTransitionTime: metav1.Now(), ObservedGeneration: app.Generation,
//	}}
//	return ctrl.Result{}, r.Status().Update(ctx, &app)
//
// Good:
//
//	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{
//		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Deployed", ObservedGeneration: app.Generation,
//	})
//	return ctrl.Result{}, r.Status().Update(ctx, &app)
package conditionsreplace
