package funcs

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func reconcileConfigMaps(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want reconcileConfigMaps:"reconciler"
	return reconcile.Result{}, nil
}

func notConverted(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

var F = reconcile.Func(reconcileConfigMaps)

var G = reconcile.TypedFunc[reconcile.Request](func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
})

// An object reconciler for AsReconciler.
type PodReconciler struct{}

type Pod struct{ client.Object }

func (PodReconciler) Reconcile(ctx context.Context, p *Pod) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

// Embedded reconciler passed to Complete: the promoted method is the entry point.
type inner struct{}

func (inner) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

type outer struct{ inner }

func Setup(mgr manager.Manager, c client.Client) error {
	if err := ctrl.NewControllerManagedBy(mgr).Complete(&outer{}); err != nil {
		return err
	}
	_ = builder.ControllerManagedBy(mgr).Complete(reconcile.AsReconciler[*Pod](c, PodReconciler{}))
	_ = controller.Options{Reconciler: reconcile.Func(viaOptions)}
	return nil
}

func viaOptions(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want viaOptions:"reconciler"
	return reconcile.Result{}, nil
}
