package negative

import (
	"context"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"cloudsdk/storage"
	"edgetrigger/kube"
	oplog "oplog/pkg/log"
)

type Reconciler struct {
	client.Client
	Store  *storage.Client
	mu     sync.Mutex
	events chan event.GenericEvent
	cache  *Index
	seen   map[types.NamespacedName]time.Time
}

// Reconcile does the work: writes and external calls here are level-triggered.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Store.DeleteBucket(ctx, cm.Name); err != nil {
		return ctrl.Result{}, err
	}
	r.seen[req.NamespacedName] = time.Now() // memstate's business, not an event callback
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Index is an informer-fed cache with its own methods (kueue's queue manager, an
// expectations tracker): updated through its methods, not a store into the reconciler.
type Index struct{ byName map[string]client.Object }

func (i *Index) Add(o client.Object) { i.byName[o.GetName()] = o }

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	local := map[string]bool{}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Funcs{
			// Reads, comparisons, logging, locals: a filter.
			UpdateFunc: func(e event.UpdateEvent) bool {
				old, cur := e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels()
				changed := len(old) != len(cur)
				local["x"] = changed // a map of the enclosing function, not of the reconciler
				r.mu.Lock()          // a lock is not state
				defer r.mu.Unlock()
				return changed
			},
			CreateFunc: func(e event.CreateEvent) bool {
				r.cache.Add(e.Object)                       // an index fed by events, through its methods
				_ = r.Store.Tag(e.Object.GetName(), "seen") // no ctx: not a call judged here
				_ = r.Store.Region()
				return true
			},
			DeleteFunc: func(e event.DeleteEvent) bool {
				r.events <- event.GenericEvent{Object: e.Object} // a channel source: fine
				e.Object.SetLabels(nil)                          // the event's own copy
				return true
			},
		})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			// Reading to map an object to requests is what map functions are for; logging
			// takes the ctx too.
			log.FromContext(ctx).Info("mapping", "secret", o.GetName())
			// cloudnative-pg's shape: a logging library of another module.
			oplog.FromContext(ctx).Info("mapping", "secret", o.GetName())
			_ = oplog.Flush(ctx)
			var list corev1.ConfigMapList
			if err := r.List(ctx, &list, client.InNamespace(o.GetNamespace())); err != nil {
				return nil
			}
			return kube.Owners(ctx, r.Client, o)
		})).
		Watches(&corev1.Pod{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				q.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}) // enqueueing is the point
			},
		}).
		Complete(r)
}

// cleanup writes, but is called from Reconcile only, never from a callback.
func (r *Reconciler) cleanup(ctx context.Context, o client.Object) error {
	return kube.Label(ctx, r.Client, o)
}

// Funcs built but never registered in a callback position still are callbacks by type;
// a handler.Funcs literal whose fields only enqueue is fine.
var enqueueOnly = handler.Funcs{
	UpdateFunc: func(ctx context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
		q.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.ObjectNew)})
	},
}

// NotAPredicate has methods named like a predicate's, on other parameter types.
type NotAPredicate struct{ Client client.Client }

func (p NotAPredicate) Update(ctx context.Context, o client.Object) error {
	return p.Client.Update(ctx, o)
}

func (p NotAPredicate) Create(name string) bool { return name != "" }

// A store into the handler's own state is not reconciler state.
type counter struct{ n int }

func (c *counter) Create(e event.CreateEvent) bool   { c.n++; return true }
func (c *counter) Update(e event.UpdateEvent) bool   { return true }
func (c *counter) Delete(e event.DeleteEvent) bool   { return true }
func (c *counter) Generic(e event.GenericEvent) bool { return true }
