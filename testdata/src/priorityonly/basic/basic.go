package basic

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"errpaths/api"
)

type R struct{ client.Client }

func prio(n int) *int { return &n }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Paused {
		return ctrl.Result{Priority: prio(100)}, nil // want `a Result with only Priority and a nil error requeues nothing: the controller forgets the key and the priority is never used`
	}
	res := ctrl.Result{}
	res.Priority = prio(10)
	if app.Status.Ready {
		return res, nil // want `a Result with only Priority and a nil error requeues nothing`
	}
	return r.sub(ctx, &app)
}

func (r *R) sub(ctx context.Context, app *api.App) (ctrl.Result, error) {
	err := r.Update(ctx, app)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{Priority: prio(1)}, err // want `a Result with only Priority and a nil error requeues nothing`
}
