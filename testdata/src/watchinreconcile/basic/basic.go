package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	toolscache "k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type R struct {
	client.Client
	mgr   manager.Manager
	ctrl  controller.Controller
	cache cache.Cache
	ww    client.WithWatch
	inf   toolscache.SharedIndexInformer
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// A whole builder chain is one finding, at its outermost call.
	if err := ctrl.NewControllerManagedBy(r.mgr). // want `^builder.Builder.Complete in a reconcile path: every reconcile adds another watch or handler, leaking informers and duplicating events: start it once at set-up \(SetupWithManager\) or deduplicate it \(Reconcile\)$`
							For(&corev1.Secret{}).
							Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}).
							Complete(r); err != nil {
		return ctrl.Result{}, err
	}
	b := builder.ControllerManagedBy(r.mgr)                  // want `builder.ControllerManagedBy in a reconcile path`
	if _, err := b.For(&corev1.Pod{}).Build(r); err != nil { // want `builder.Builder.Build in a reconcile path`
		return ctrl.Result{}, err
	}
	if _, err := controller.New("dyn", r.mgr, controller.Options{Reconciler: r}); err != nil { // want `controller.New in a reconcile path`
		return ctrl.Result{}, err
	}
	// source.Kind passed to Watch: one finding, at Watch.
	if err := r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.mapSecret))); err != nil { // want `^controller.Controller.Watch in a reconcile path: `
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensure(ctx)
}

func (r *R) mapSecret(ctx context.Context, o client.Object) []ctrl.Request { return nil }

func (r *R) ensure(ctx context.Context) error {
	src := source.Kind[client.Object](r.cache, &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}) // want `source.Kind in a reconcile path: .* \(Reconcile → ensure\)$`
	_ = src
	inf, err := r.cache.GetInformer(ctx, &corev1.Pod{})
	if err != nil {
		return err
	}
	if _, err := inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{}); err != nil { // want `cache.Informer.AddEventHandler in a reconcile path`
		return err
	}
	if _, err := r.inf.AddEventHandlerWithOptions(toolscache.ResourceEventHandlerFuncs{}, toolscache.HandlerOptions{}); err != nil { // want `cache.SharedInformer.AddEventHandlerWithOptions in a reconcile path`
		return err
	}
	// A watch stream that is never stopped.
	w, err := r.ww.Watch(ctx, &corev1.PodList{}) // want `client.WithWatch.Watch in a reconcile path`
	if err != nil {
		return err
	}
	go func() {
		for range w.ResultChan() {
		}
	}()
	return r.mgr.Add(manager.RunnableFunc(func(context.Context) error { return nil })) // want `manager.Manager.Add in a reconcile path`
}
