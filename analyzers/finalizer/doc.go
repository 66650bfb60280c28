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
// none); status writes are not cleanups and are not counted; and (b) a Patch of the
// main resource with a merge-from patch without optimistic lock whose base was taken
// before an AddFinalizer or RemoveFinalizer of the patched object.
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
package finalizer
