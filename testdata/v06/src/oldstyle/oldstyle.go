package oldstyle

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// OldReconciler has the v0.6 entry point.
type OldReconciler struct{}

func (r *OldReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{Requeue: true}, nil
}

// NewFunc returns a v0.6 function reconciler.
func NewFunc() reconcile.Reconciler {
	return reconcile.Func(handle)
}

func handle(req reconcile.Request) (reconcile.Result, error) { // want handle:"reconciler"
	time.Sleep(time.Second)
	return reconcile.Result{}, nil
}

// Not entry points: another request type, a ctx with the v0.6 request but a wrong result.
type Other struct{}

func (Other) Reconcile(name string) (reconcile.Result, error) { return reconcile.Result{}, nil }

func (Other) Handle(ctx context.Context, req reconcile.Request) error { return nil }
