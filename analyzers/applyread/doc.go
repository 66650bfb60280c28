// Package applyread defines an Analyzer that reports a server-side apply of an object
// read from the cluster.
//
// # Analyzer applyread
//
// applyread: report server-side apply of an object read from the cluster
//
// A server-side apply sends the intent of one field manager: the fields it sets are
// the fields it owns, and the API server removes the fields it stops sending. An
// object read from the cluster (the out-parameter of a Get or a List, an element of
// a List's Items, the reconciled object) holds every field of the live object: the
// defaults the API server filled in, and the fields that users, autoscalers and other
// controllers set. Applied with Patch(ctx, obj, client.Apply) or
// Status().Patch(ctx, obj, client.Apply), it makes this manager claim all of them: a
// change by another manager then conflicts with this one, or is overwritten on the
// next pass, and a field this controller later stops setting is never removed because
// it is also claimed through the copy. An object read with its metadata.managedFields
// (the default, unless the cache strips them) is refused outright: the API server
// answers every such apply with "metadata.managedFields must be nil".
//
// The analyzer reports a Patch with client.Apply, on a client or on a Status() or
// SubResource() writer, whose object, at the apply, was last filled by a Get or a List
// of the same function: the Get's or List's out-parameter, an element of the Items of
// a listed object (a range variable or list.Items[i]), or a DeepCopy or copy of one.
// Helpers are followed, in the package and across the packages of the module (the
// value-flow pass's summaries): an object returned by a helper whose every return
// gives an object it read (`cm, err := kube.Fetch(ctx, c, key)`) counts as read, and a
// read object given to a helper that applies its parameter is reported at that call,
// the line that passes it, with the helper: "&cm, read from the cluster by r.Get at
// line 18, is given to kube.Apply, which applies it with a server-side apply".
// Not reported: an object built in the function or by a helper (a composite literal,
// &T{}, new(T), a var declaration, a DeepCopy of such an object), an object rebuilt by
// an assignment after the read, an object the function receives as a parameter (its
// callers are judged instead), one a helper returns only on some paths, apply
// configurations (Client.Apply and Status().Apply with a runtime.ApplyConfiguration),
// and merge or JSON patches of a read object. (controller-runtime v0.22.0 deprecates
// client.Apply as a patch type in favour of Client.Apply, added in the same release,
// with an apply configuration, which avoids the pitfall; later v0.22 patch releases,
// v0.22.5 among them, keep the patch type for sub-resources only, and v0.23, which adds
// SubResource(...).Apply, deprecates it again.)
//
// Bad:
//
//	var deploy appsv1.Deployment
//	if err := r.Get(ctx, key, &deploy); err != nil {
//		return ctrl.Result{}, err
//	}
//	deploy.Spec.Replicas = ptr.To(int32(3))
//	err := r.Patch(ctx, &deploy, client.Apply, client.FieldOwner("my-operator"))
//
// Good (an apply configuration holds only the fields this controller sets; a typed
// object built fresh in the function is also accepted):
//
//	deploy := appsv1ac.Deployment(key.Name, key.Namespace).
//		WithSpec(appsv1ac.DeploymentSpec().WithReplicas(3))
//	err := r.Apply(ctx, deploy, client.FieldOwner("my-operator"))
package applyread
