// Package finalizerfirst defines an Analyzer that reports something created after a
// finalizer was added in memory but before it was written.
//
// # Analyzer finalizerfirst
//
// finalizerfirst: report a create before the added finalizer is written
//
// A finalizer protects what a controller creates outside the object: the API server
// keeps the object until the controller has cleaned up and removed the finalizer. It
// protects nothing until it is stored. controllerutil.AddFinalizer changes only the
// object in memory; a reconcile that adds it, then creates a bucket, a DNS record, a
// cloud instance or a child of another kind, and writes the object only at the end (or
// in a deferred patch), leaks what it created when that write fails (a conflict, a
// webhook, a timeout) or when the object is deleted in between: the object goes away
// without the finalizer and the cleanup never runs. Write the finalizer first, check
// the error, then create.
//
// The analyzer reports, in functions reached from a reconcile entry point, the first
// side effect after a finalizer added in memory (see finalizeradd for the forms) that
// can follow it, when no write of the object whose error is looked at comes between:
//   - a call, given a context.Context, whose name starts with a verb of creation
//     (Create, Put, Insert, Provision, Allocate, Register, Launch, RunInstances,
//     Upsert) into a client that is not Kubernetes' (a function of another module that
//     is not client-go, apimachinery or controller-runtime, or a method of an interface
//     none of whose parameters is an API object), here or in a function it calls, also
//     in other packages of the module (the reach pass's ExternalCreate effect, with the
//     call chain);
//   - a client Create of an object of another kind.
//
// A write is a client Update or Patch of the object, a patch helper given it, or a
// helper given it (or a method of a value that holds it) whose name says it writes,
// whose error is returned or tested. Not reported: the kubebuilder shape (add, Update,
// return on error, then the external work), a create on a path that does not follow
// the addition (the deletion branch, a branch that returns), Creates of the same kind,
// and calls of Kubernetes clients.
//
// Bad:
//
//	controllerutil.AddFinalizer(&bucket, bucketFinalizer)
//	if err := r.S3.CreateBucket(ctx, bucket.Spec.Name); err != nil {
//		return ctrl.Result{}, err
//	}
//	return ctrl.Result{}, r.Update(ctx, &bucket) // the finalizer reaches the API server last
//
// Good:
//
//	if controllerutil.AddFinalizer(&bucket, bucketFinalizer) {
//		if err := r.Update(ctx, &bucket); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
//	if err := r.S3.CreateBucket(ctx, bucket.Spec.Name); err != nil {
//		return ctrl.Result{}, err
//	}
package finalizerfirst
