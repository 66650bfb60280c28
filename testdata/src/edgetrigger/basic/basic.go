package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"cloudsdk/storage"
	"edgetrigger/kube"
)

// BucketReconciler deletes the bucket of a deleted object from a predicate instead of a
// finalizer (the shape of the book's pitfall).
type BucketReconciler struct {
	client.Client
	Store   *storage.Client
	deleted map[types.NamespacedName]bool
	last    string
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// lastEvent is package state.
var lastEvent string

func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Funcs{
			DeleteFunc: func(e event.DeleteEvent) bool {
				_ = r.Store.DeleteBucket(context.Background(), e.Object.GetName()) // want `^storage.Client.DeleteBucket in the DeleteFunc of a predicate.Funcs runs once per event, on the informer's goroutine: it is skipped for events that happen while the process is down or not the leader, and is not retried when it fails; decide and act in Reconcile, from the object's current state, and keep the callback to filtering or mapping \(DeleteFunc\)$`
				r.deleted[client.ObjectKeyFromObject(e.Object)] = true             // want `^a store into r.deleted\[client.ObjectKeyFromObject\(e.Object\)\] \(state of the reconciler\) in the DeleteFunc of a predicate.Funcs runs once per event, on the informer.s goroutine: state kept from events is empty .*: derive it in Reconcile from the object's current state, or record it in the object's status \(DeleteFunc\)$`
				return false
			},
			UpdateFunc: func(e event.UpdateEvent) bool {
				lastEvent = e.ObjectNew.GetName() // want `^a store into the package variable lastEvent in the UpdateFunc of a predicate.Funcs runs once per event`
				return true
			},
		})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			o.SetLabels(map[string]string{"mapped": "true"})
			_ = r.Update(ctx, o) // want `^client Update in the function given to handler.EnqueueRequestsFromMapFunc runs once per event`
			return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(o)}}
		})).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.podToApp)).
		Watches(&corev1.Namespace{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				_ = kube.Relabel(ctx, r.Client, e.Object) // want `^client Update in the CreateFunc of a handler.Funcs runs once per event, .* \(CreateFunc → kube.Relabel → kube.Label\)$`
				q.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)})
			},
		}).
		Complete(r)
}

// podToApp is a map function given as a method value; it writes through a helper of
// its own package, reported at the call in the map function.
func (r *BucketReconciler) podToApp(ctx context.Context, o client.Object) []reconcile.Request {
	r.annotate(ctx, o) // want `^client Patch in the function given to handler.EnqueueRequestsFromMapFunc runs once per event, .* \(podToApp → annotate\)$`
	return nil
}

func (r *BucketReconciler) annotate(ctx context.Context, o client.Object) {
	_ = r.Patch(ctx, o, client.MergeFrom(o))
	_ = r.Status().Update(ctx, o) // the same defect as the Patch above: one finding, at the call
	r.last = o.GetName()
}

// Pods is a generated-clientset shape: a method that takes metav1.UpdateOptions writes.
type Pods interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*corev1.Pod, error)
	Update(ctx context.Context, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)
}

// mapper returns a map function built by a helper, as cluster-api's
// ClusterToInfrastructureMapFunc does.
func mapper(pods Pods) handler.MapFunc {
	return func(ctx context.Context, o client.Object) []reconcile.Request {
		p, err := pods.Get(ctx, o.GetName(), metav1.GetOptions{})
		if err != nil {
			return nil
		}
		_, _ = pods.Update(ctx, p, metav1.UpdateOptions{}) // want `^Pods.Update in a handler.MapFunc returned by mapper runs once per event`
		return nil
	}
}

// StampPredicate is a custom predicate type: its methods are callbacks.
type StampPredicate struct {
	predicate.Funcs
	Client client.Client
}

func (p StampPredicate) Update(e event.UpdateEvent) bool {
	_ = p.Client.Update(context.TODO(), e.ObjectNew) // want `^client Update in StampPredicate.Update, a predicate method runs once per event`
	return true
}

// Enqueuer is a custom event handler.
type Enqueuer struct{ Client client.Client }

func (h *Enqueuer) Create(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	_ = h.Client.Delete(ctx, e.Object) // want `^client Delete in Enqueuer.Create, an event handler method runs once per event`
}
func (h *Enqueuer) Update(ctx context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}
func (h *Enqueuer) Delete(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}
func (h *Enqueuer) Generic(ctx context.Context, e event.GenericEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// Predicate methods on the reconciler itself (kueue's shape): its state is reconciler state.
func (r *BucketReconciler) Create(e event.CreateEvent) bool {
	r.last = e.Object.GetName() // want `^a store into r.last \(state of the reconciler\) in BucketReconciler.Create, a predicate method runs once per event`
	return true
}

var filter = predicate.NewPredicateFuncs(func(o client.Object) bool {
	lastEvent = o.GetName() // want `^a store into the package variable lastEvent in the function given to predicate.NewPredicateFuncs runs once per event`
	return true
})
