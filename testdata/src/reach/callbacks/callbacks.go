// Package callbacks has an event callback of each kind and registration form, for
// reach's Callback walk. Nothing here is reached from Reconcile.
package callbacks

import (
	"context"

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
)

var c client.Client

type R struct{ n int }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *R) Setup(mgr ctrl.Manager, inf cache.SharedIndexInformer) error { // want Setup:"watch: callbacks.R.Setup → builder.Builder.Complete"
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(obj interface{}) {}})
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Funcs{
			DeleteFunc: func(e event.DeleteEvent) bool { return true },
		})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(podToApp)).
		Watches(&corev1.Pod{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			},
		}).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(mapper())).
		Complete(r)
}

func podToApp(ctx context.Context, o client.Object) []reconcile.Request {
	annotate(ctx, o)
	return nil
}

func annotate(ctx context.Context, o client.Object) { _ = c.Patch(ctx, o, client.MergeFrom(o)) }

func mapper() handler.MapFunc {
	return func(ctx context.Context, o client.Object) []reconcile.Request { return nil }
}

func (r *R) Create(e event.CreateEvent) bool { r.n++; return true }

type H struct{}

func (H) OnAdd(obj interface{}, isInInitialList bool) {}
func (H) OnUpdate(oldObj, newObj interface{})        {}
func (H) OnDelete(obj interface{})                   {}

var filter = predicate.NewPredicateFuncs(func(o client.Object) bool { return true })
