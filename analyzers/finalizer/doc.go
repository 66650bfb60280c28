// Package finalizer defines an Analyzer that reports finalizers removed after a failed
// cleanup and finalizer changes written with an unguarded merge patch.
//
// # Analyzer finalizer
//
// finalizer: report unsafe finalizer removal and finalizer patches
//
// A finalizer keeps a deleted object alive until its controller has cleaned up what the
// object owns outside the cluster. controllerutil.AddFinalizer and RemoveFinalizer only
// change the object in memory; the write that follows decides what happens:
//
//   - Removing the finalizer after a cleanup call whose error was discarded (not
//     returned: called as a statement, assigned to _, or only logged in an if err != nil
//     branch that carries on) lets the object disappear although the cleanup may have
//     failed: the external resource (a cloud volume, a DNS record, a bucket) leaks, and
//     nothing will ever retry the cleanup. Return the error instead, so that the key is
//     requeued with backoff and the finalizer stays.
//   - Writing a finalizer change with client.MergeFrom (or MergeFromWithOptions without
//     client.MergeFromWithOptimisticLock) sends a JSON merge patch, which replaces the
//     whole metadata.finalizers list with the controller's copy: a finalizer that
//     another controller added since the object was read is dropped, and that
//     controller's cleanup never runs. Use MergeFromWithOptimisticLock (the patch then
//     fails with a conflict and is retried), or Update.
//
// The analyzer reports, everywhere, (a) a RemoveFinalizer call reached, on some path of
// the control-flow graph, from an earlier call with a context.Context argument whose
// error was discarded, in the same deletion branch (the if statement that tests the
// deletion timestamp around the RemoveFinalizer, or the whole function when there is
// none); status writes are not cleanups and are not counted. A call, in the same
// region, of a helper that discards such an error itself (it logs and carries on,
// returns nothing or returns nil), in the same package or in another package of the
// module (through the value-flow facts), counts too: the finding is at the
// RemoveFinalizer, the line from which the object can go, and names the helper, the
// discarded call with its position and the chain of helpers; only the helper and the
// helpers it calls directly count (a discard deeper down, such as a client cache closing
// an old client, is rarely the cleanup the finalizer guards). (b) a Patch of the
// main resource with a merge-from patch without optimistic lock whose base was taken
// before an AddFinalizer or RemoveFinalizer of the patched object. (c) Finalizers
// replaced as a whole — SetFinalizers(nil), SetFinalizers([]string{}) or a literal,
// obj.Finalizers = nil, obj.ObjectMeta.Finalizers = []string{...} — on an object read
// from the cluster (the out-parameter of a Get or List of the function, or a copy of
// it) or given to a function reached from a reconcile entry point: the finalizers of
// other controllers and of the garbage collector are dropped. Not reported: objects
// built fresh in the function, a new slice that keeps the current finalizers, and
// controllerutil.RemoveFinalizer.
//
// Bad:
//
//	if !bucket.DeletionTimestamp.IsZero() {
//		if err := r.store.DeleteBucket(ctx, bucket.Spec.Name); err != nil {
//			log.Error(err, "cannot delete bucket") // carries on
//		}
//		controllerutil.RemoveFinalizer(bucket, finalizer)
//		return ctrl.Result{}, r.Update(ctx, bucket)
//	}
//	patch := client.MergeFrom(bucket.DeepCopy())
//	controllerutil.AddFinalizer(bucket, finalizer)
//	err := r.Patch(ctx, bucket, patch) // replaces the whole finalizers list
//
//	cloud.Cleanup(ctx, bucket) // logs the error of DeleteBucket and returns nothing
//	controllerutil.RemoveFinalizer(bucket, finalizer)
//
//	bucket.SetFinalizers(nil) // drops the finalizers of other controllers too
//
// Good:
//
//	if !bucket.DeletionTimestamp.IsZero() {
//		if err := r.store.DeleteBucket(ctx, bucket.Spec.Name); err != nil {
//			return ctrl.Result{}, err // the finalizer stays, the cleanup is retried
//		}
//		controllerutil.RemoveFinalizer(bucket, finalizer)
//		return ctrl.Result{}, r.Update(ctx, bucket)
//	}
//	patch := client.MergeFromWithOptions(bucket.DeepCopy(), client.MergeFromWithOptimisticLock{})
//	controllerutil.AddFinalizer(bucket, finalizer)
//	err := r.Patch(ctx, bucket, patch)
//
//	if err := cloud.Cleanup(ctx, bucket); err != nil { // the helper returns the error
//		return ctrl.Result{}, err
//	}
//	controllerutil.RemoveFinalizer(bucket, finalizer) // only this controller's
package finalizer
