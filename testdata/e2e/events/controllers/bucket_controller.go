package controllers

import (
	"context"
	"net/http"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/events/internal/kube"
)

// BucketReconciler tells a storage service about deleted buckets from a predicate
// instead of a finalizer, and labels objects from its event handlers.
type BucketReconciler struct {
	client.Client
	Endpoint string
	deleted  map[string]bool
}

// Reconcile implements reconcile.Reconciler.
func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// SetupWithManager registers the callbacks.
func (r *BucketReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error {
	inf, err := mgr.GetCache().GetInformer(ctx, &corev1.Secret{})
	if err != nil {
		return err
	}
	if _, err := inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		DeleteFunc: func(obj interface{}) {
			if s, ok := obj.(*corev1.Secret); ok {
				r.deleted[s.Name] = true // reported: reconciler state from events
			}
		},
	}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Funcs{
			DeleteFunc: func(e event.DeleteEvent) bool {
				// reported: missed while the operator is down, never retried
				resp, err := http.Post(r.Endpoint+"/buckets/"+e.Object.GetName()+"/delete", "text/plain", strings.NewReader(""))
				if err == nil {
					_ = resp.Body.Close()
				}
				return false
			},
			UpdateFunc: func(e event.UpdateEvent) bool {
				// not reported: a filter
				return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
			},
		})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.secretToConfigMaps)).
		Watches(&corev1.Pod{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.TypedCreateEvent[client.Object], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				_ = kube.MarkSeen(ctx, r.Client, e.Object) // reported: a write through a helper of another package
				q.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)})
			},
		}).
		Complete(r)
}

// secretToConfigMaps maps a Secret to the ConfigMaps of its namespace: the List is
// fine, the Update of each is not.
func (r *BucketReconciler) secretToConfigMaps(ctx context.Context, o client.Object) []reconcile.Request {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(o.GetNamespace())); err != nil {
		return nil
	}
	var out []reconcile.Request
	for i := range cms.Items {
		cm := &cms.Items[i]
		cm.Annotations = map[string]string{"example.com/secret": o.GetName()}
		_ = r.Update(ctx, cm) // reported
		out = append(out, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(cm)})
	}
	return out
}

// ReadyPredicate is a predicate type of its own: its methods are callbacks too.
type ReadyPredicate struct {
	predicate.Funcs
	Client client.Client
}

// Update passes updates of ready Pods, and writes a label on them (reported).
func (p ReadyPredicate) Update(e event.UpdateEvent) bool {
	pod, ok := e.ObjectNew.(*corev1.Pod)
	if !ok || pod.Status.Phase != corev1.PodRunning {
		return false
	}
	_ = p.Client.Patch(context.Background(), pod, client.MergeFrom(e.ObjectOld.(*corev1.Pod)))
	return true
}
