package negative

import (
	"context"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	byKind    map[schema.GroupVersionKind]bool // keyed by kind: a cache of configuration
	byCluster map[string]client.Client         // keyed by a configured name, not the request
	loops     map[types.NamespacedName]context.CancelFunc
	gens      *sync.Map
	metrics   map[string]string
	setup     map[types.NamespacedName]bool
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.setup[types.NamespacedName{Name: "default"}] = true // set-up, not a reconcile path
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		if apierrors.IsNotFound(err) {
			delete(r.metrics, req.String()) // pruned when the object is gone
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if !pod.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finalize(ctx, req)
	}
	r.byKind[pod.GroupVersionKind()] = true
	r.byCluster[pod.Spec.NodeName] = r.Client // a string key not built from the request
	r.metrics[req.String()] = pod.Namespace
	// KEDA's shape: what the process started for the object, pruned in the finalizer.
	_, cancel := context.WithCancel(context.Background())
	r.loops[req.NamespacedName] = cancel
	r.gens.Store(req.String(), pod.Generation)
	local := map[types.NamespacedName]int{}
	local[req.NamespacedName]++ // a local map dies with the call
	_ = time.Now()
	return ctrl.Result{}, nil
}

func (r *Reconciler) finalize(ctx context.Context, req ctrl.Request) error {
	r.stop(req)
	return nil
}

// stop is called from the deletion branch through finalize.
func (r *Reconciler) stop(req ctrl.Request) {
	if cancel, ok := r.loops[req.NamespacedName]; ok {
		cancel()
	}
	delete(r.loops, req.NamespacedName)
	r.gens.Delete(req.String())
}

// A client-go controller's handleErr: NumRequeues there is the documented pattern, not
// a reconcile path.
type Controller struct {
	queue workqueue.TypedRateLimitingInterface[string]
}

func (c *Controller) handleErr(err error, key string) {
	if err != nil && c.queue.NumRequeues(key) < 5 {
		c.queue.AddRateLimited(key)
		return
	}
	c.queue.Forget(key)
}

// A type that is not a reconciler keeps its own maps.
type tracker struct{ seen map[types.NamespacedName]bool }

func (t *tracker) observe(req ctrl.Request) { t.seen[req.NamespacedName] = true }

// cluster-api v1.0's MachinePool shape: one watch per kind of external object, keyed
// by the kind's string. The object was fetched by a call given the owner's namespace,
// which makes the object, not its kind, the owner's.
type PoolReconciler struct {
	client.Client
	externalWatchers sync.Map
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.reconcileExternal(ctx, &pod)
}

func (r *PoolReconciler) reconcileExternal(ctx context.Context, m *corev1.Pod) error {
	obj, err := fetchExternal(ctx, r.Client, m.Namespace, m.Spec.NodeName)
	if err != nil {
		return err
	}
	if _, loaded := r.externalWatchers.LoadOrStore(obj.GroupVersionKind().String(), struct{}{}); !loaded {
		gvk := obj.GroupVersionKind().String()
		r.externalWatchers.Store(gvk, struct{}{})
	}
	return nil
}

func fetchExternal(ctx context.Context, c client.Client, namespace, name string) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	return cm, c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, cm)
}
