// Package watchinreconcile defines an Analyzer that reports watches started inside
// Reconcile.
//
// # Analyzer watchinreconcile
//
// watchinreconcile: report watches and controllers started inside reconcile
//
// Watches, event handlers and controllers are long-lived: the manager keeps every
// informer, handler and controller that is registered with it until it stops. When
// Reconcile registers one, every reconcile of every object registers another: informers
// and handlers pile up (memory, API server watch connections), each event is delivered
// once per registered handler and enqueues the key again, and a second controller with
// the same name is refused when it is built: from controller-runtime v0.19 on,
// controller.New and the builder's Complete or Build return "controller with name X
// already exists" unless SkipNameValidation is set (before v0.19 it is built and runs
// beside the first, both reporting to the same metrics). Register watches once, at set-up in SetupWithManager or
// main; when a watch really depends on what Reconcile finds (a kind known only at run
// time), guard it so that it is started once per key.
//
// The analyzer reports, in functions reached from a reconcile entry point on the worker
// goroutine (directly, or through functions of other packages of the module):
//   - controller builder chains: ctrl.NewControllerManagedBy, builder.ControllerManagedBy
//     and TypedControllerManagedBy, and chains ending in Watches, Complete or Build (one
//     finding per chain, at its outermost call);
//   - controller.New and controller.NewTyped;
//   - (controller.Controller).Watch, and source.Kind/TypedKind not passed directly to it;
//   - AddEventHandler, AddEventHandlerWithOptions and AddEventHandlerWithResyncPeriod on a
//     controller-runtime cache.Informer (from GetInformer) or a client-go shared informer;
//   - client.WithWatch.Watch and the Watch methods of client-go typed and dynamic clients,
//     unless the returned watch.Interface is stopped in the same function;
//   - (manager.Manager).Add.
//
// Not reported: set-up code (SetupWithManager, main, Runnables), which is not reached from
// an entry point; a call in a function that first checks whether the watch exists and
// returns if so, or whose call sits in the then branch of such a check; calls inside a
// sync.Once.Do closure. A check is a map lookup or a sync.Map Load whose guarded code
// also records the key in the same map (r.watched[gvk] = struct{}{}, Store), a
// LoadOrStore, a set's Has, or a bool field the function sets: a lookup in a map that
// nothing fills guards nothing and is reported. cluster-api's
// external.ObjectTracker.Watch is such a guarded helper. The guard may also be in the
// caller: an unexported helper that starts a watch and is called only under such a
// guard (or only by helpers that are) is not reported; a helper also called once
// without the guard is. A guarded exported helper, which other packages may call
// without a guard, is still reported (use the allow option or an ignore directive).
//
// Good, the guard in the caller:
//
//	if _, ok := r.watched[gvk]; !ok {
//		r.watched[gvk] = struct{}{}
//		r.startWatch(gvk)
//	}
//
// Bad, a lookup that records nothing (every reconcile starts the watch again):
//
//	if _, ok := r.watched[gvk]; !ok {
//		r.startWatch(gvk)
//	}
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		// a new watch on every reconcile
//		if err := r.ctrl.Watch(source.Kind(r.cache, &corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.mapSecret))); err != nil {
//			return ctrl.Result{}, err
//		}
//		...
//	}
//
// Good:
//
//	func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
//		return ctrl.NewControllerManagedBy(mgr).
//			For(&appsv1.Deployment{}).
//			Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.mapSecret)).
//			Complete(r)
//	}
//
//	// or, for a kind known only at run time:
//	func (r *Reconciler) watchOnce(gvk string, src source.Source) error {
//		if _, loaded := r.watching.LoadOrStore(gvk, struct{}{}); loaded {
//			return nil
//		}
//		return r.ctrl.Watch(src)
//	}
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// every admission request adds another watch, and the first one waits for a cache sync
// while the API server waits for the webhook.
//
// Bad, in a webhook:
//
//	func (d *ServiceDefaulter) Default(ctx context.Context, obj runtime.Object) error {
//		src := source.Kind(d.mgr.GetCache(), &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{})
//		...
//	}
//
// Good, in a webhook: read through the manager's client (its cache is started once, at
// set-up), or set the watch up in SetupWithManager.
package watchinreconcile
