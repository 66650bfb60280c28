// Package edgetrigger defines an Analyzer that reports side effects in event callbacks.
//
// # Analyzer edgetrigger
//
// edgetrigger: report side effects in event callbacks
//
// Predicates, event handlers and map functions run on the informer's goroutine, once
// for each watch event that reaches them. A controller is level-triggered: Reconcile
// looks at the object as it is now and converges, however many events were merged or
// missed on the way. Work done in an event callback is edge-triggered instead, and has
// none of that: an event that happens while the process is down, or while another
// replica holds the leader lease, is never delivered (after a restart the informer
// lists the objects that exist, so a deletion that happened meanwhile is never seen at
// all); a failed write in a callback is not retried, since nothing requeues it; and the
// callback blocks the delivery of every other event of the informer while it waits.
//
// The analyzer reports, in event callbacks and in the functions of the package they
// call (with the chain):
//   - client writes: controller-runtime client Create, Update, Patch, Delete,
//     DeleteAllOf, Apply and their Status() and SubResource() forms,
//     controllerutil.CreateOrUpdate/CreateOrPatch, patch helpers (cluster-api's
//     patch.Helper), client-go typed and dynamic client writes (any method that takes
//     metav1.CreateOptions, UpdateOptions, PatchOptions, DeleteOptions or ApplyOptions);
//   - calls into an external system: a call that takes a context.Context of a package
//     outside the module, Kubernetes (k8s.io, sigs.k8s.io), the standard library,
//     golang.org/x and the logging, metrics and tracing libraries (a cloud SDK, a
//     gRPC client, a database driver), HTTP requests sent with net/http, and
//     database/sql Exec;
//   - calls of functions of other packages of the module that do either, at the call,
//     with the chain;
//   - stores into package variables, and into the fields of a reconciler (a type with
//     a Reconcile entry point) through its receiver: assignments, ++ and --, delete
//     on a map, and (*sync.Map) Store, LoadOrStore, Swap, Delete and friends.
//
// A site in the callback's own body is reported where it stands; a site in a function
// the callback calls is reported once, at the call in the callback that leads to it,
// which is the line to move into Reconcile.
//
// Event callbacks are: the fields of predicate.Funcs and handler.Funcs (and their
// Typed forms), the function of predicate.NewPredicateFuncs, map functions in every
// era's form (v0.6's &handler.EnqueueRequestsFromMapFunc{ToRequests:
// handler.ToRequestsFunc(f)} or a handler.Mapper's Map method, the MapFunc without a
// ctx of v0.7 to v0.14, with a ctx from v0.15, TypedEnqueueRequestsFromMapFunc), a
// function literal returned as a handler.MapFunc by a helper, the Create, Update,
// Delete and Generic methods of a type with a predicate's or an event handler's
// signature (a custom predicate.Predicate, TypedPredicate[T] or handler.EventHandler),
// the fields of client-go's cache.ResourceEventHandlerFuncs (and the detailed and
// filtering forms) and the OnAdd, OnUpdate and OnDelete methods of a
// cache.ResourceEventHandler.
//
// Not reported: reads (Get and List through the client, to map an object to the
// requests of its owners, is what map functions are for); adding to a work queue (the
// point of a client-go event handler: queue.Add, AddRateLimited, AddAfter); sending on
// a channel (a source.Channel of GenericEvents); logging, metrics and events; and calls
// into the module's own types through interfaces, which the analysis does not follow.
// Stores into other values are not reported either: an informer-fed cache or an
// expectations tracker updated through its methods (kueue's queue manager, the
// ReplicaSet controller's expectations) is a deliberate index of what the informer
// has seen, rebuilt by the initial list after a restart; only state of the reconciler
// itself and of the package is judged. No other rule looks into event callbacks: code
// there is not on a reconcile path.
//
// Bad:
//
//	ctrl.NewControllerManagedBy(mgr).
//		For(&storagev1.Bucket{}, builder.WithPredicates(predicate.Funcs{
//			DeleteFunc: func(e event.DeleteEvent) bool {
//				// missed while the operator is down; a failure is never retried
//				_ = r.Store.DeleteBucket(context.Background(), e.Object.GetName())
//				return false
//			},
//		})).
//		Complete(r)
//
//	handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
//		cm := o.(*corev1.ConfigMap)
//		cm.Labels["seen"] = "true"
//		_ = r.Update(ctx, cm) // a write per event, lost when it fails
//		return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(cm)}}
//	})
//
//	cache.ResourceEventHandlerFuncs{
//		DeleteFunc: func(obj any) {
//			c.deleted[key(obj)] = true // empty after a restart
//			c.queue.Add(key(obj))
//		},
//	}
//
// Good:
//
//	// a finalizer makes the deletion a state that Reconcile sees, even after a restart
//	if !bucket.DeletionTimestamp.IsZero() {
//		if err := r.Store.DeleteBucket(ctx, bucket.Name); err != nil {
//			return ctrl.Result{}, err // retried with backoff
//		}
//		controllerutil.RemoveFinalizer(&bucket, finalizer)
//		return ctrl.Result{}, r.Update(ctx, &bucket)
//	}
//
//	handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
//		var apps appv1.AppList // reading to map is fine
//		if err := r.List(ctx, &apps, client.InNamespace(o.GetNamespace())); err != nil {
//			return nil
//		}
//		return requestsFor(apps.Items)
//	})
package edgetrigger
