package basic

import (
	"context"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
	failures map[types.NamespacedName]int
	lastSync map[string]time.Time
	byUID    map[types.UID]string
	reqs     map[reconcile.Request]bool
	gens     *sync.Map
	mu       sync.Mutex
	locked   map[string]int
	limiter  workqueue.TypedRateLimiter[reconcile.Request]
	nested   struct{ seen map[client.ObjectKey]bool }
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.sync(ctx, &pod); err != nil {
		r.failures[req.NamespacedName]++ // want `^r.failures holds per-object state of the reconciler, written in a reconcile: it is empty after a restart or a change of leader \(the queue is not a durable log\), and nothing removes an object's entry when the object is deleted, and the workers write it at the same time when MaxConcurrentReconciles > 1 \(a concurrent map write crashes the process\): keep what must survive in the object's status \(a phase, the last error, an attempt count\) and derive the rest from the cluster on each reconcile \(Reconcile\)$`
		if r.failures[req.NamespacedName] > 5 {
			return ctrl.Result{}, nil
		}
		r.failures[req.NamespacedName] += 0 // the same field: one finding
		return ctrl.Result{}, err
	}
	delete(r.failures, req.NamespacedName) // on success only: an object deleted while failing keeps its entry
	r.lastSync[req.Name] = time.Now()      // want `^r.lastSync holds per-object state`
	r.byUID[pod.UID] = pod.Spec.NodeName   // want `^r.byUID holds per-object state`
	r.reqs[req] = true                     // want `^r.reqs holds per-object state`
	r.record(ctx, &pod)
	if r.limiter.NumRequeues(req) > 3 { // want `^NumRequeues in a reconcile path: the count lives in the queue's rate limiter, in memory: it starts from zero after a restart or a change of leader and is reset by every successful reconcile \(Forget\), so it is no count of failures; keep one in the object's status \(phase, last error, attempts\) if the reconcile must decide on it \(Reconcile\)$`
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) sync(ctx context.Context, pod *corev1.Pod) error { return nil }

// record writes through helpers of the reconcile path.
func (r *Reconciler) record(ctx context.Context, pod *corev1.Pod) {
	key := fmt.Sprintf("%s/%s", pod.Namespace, pod.Name)
	r.gens.Store(key, pod.Generation) // want `^r.gens \(a sync.Map\) holds per-object state of the reconciler, written in a reconcile: .* \(Reconcile → record\)$`
	r.mu.Lock()
	defer r.mu.Unlock()
	r.locked[pod.GetName()]++ // want `^r.locked holds per-object state of the reconciler, written in a reconcile: it is empty after a restart or a change of leader \(the queue is not a durable log\), and nothing removes an object's entry when the object is deleted: keep`
	r.nested.seen[client.ObjectKeyFromObject(pod)] = true // want `^r.nested.seen holds per-object state`
}
