// Package mergefrom defines an Analyzer that reports merge patches computed from the
// object they patch.
//
// # Analyzer mergefrom
//
// mergefrom: report merge patches whose base is the patched object
//
// client.MergeFrom(base) (and MergeFromWithOptions, StrategicMergeFrom) keeps a pointer
// to base; when the patch is sent, the client computes the difference between base and
// the object given to Patch. If base is that very object (the same pointer, not a copy),
// the difference is always empty: Patch sends "{}", succeeds, and every change made to
// the object is silently lost. Take the base with DeepCopy before changing the object.
//
// The analyzer reports, everywhere (a lost patch is lost wherever it is made), a
// merge-from call whose base is the same variable or field as the object argument of a
// Patch call (client or Status()/SubResource() writer) that uses this patch, directly
// or through a local variable, when the variable is not reassigned in between. When the
// patch is built in its own statement and the object's type has a generated DeepCopy
// method, the fix replaces the base with x.DeepCopy(); the copy is then taken where the
// patch is built, which must be before the change. Not reported: a base that is a
// DeepCopy (also one taken several statements before the change), or a copy held in
// another variable.
//
// Bad:
//
//	patch := client.MergeFrom(cluster) // the base is the object itself
//	cluster.Spec.Paused = true
//	if err := r.Patch(ctx, cluster, patch); err != nil { // sends {}: Paused is lost
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	patch := client.MergeFrom(cluster.DeepCopy())
//	cluster.Spec.Paused = true
//	if err := r.Patch(ctx, cluster, patch); err != nil {
//		return ctrl.Result{}, err
//	}
package mergefrom
