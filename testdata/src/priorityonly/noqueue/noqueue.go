package noqueue

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"errpaths/api"
)

type R struct{ client.Client }

func prio(n int) *int { return &n }

func boolPtr(b bool) *bool { return &b }

func (r *R) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.App{}).
		WithOptions(controller.Options{UsePriorityQueue: boolPtr(false)}).
		Complete(r)
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{Priority: prio(5)}, err // want `Priority is ignored: the controller.TypedOptions at noqueue.go:23 sets UsePriorityQueue to false, and only the priority queue orders keys by priority`
	}
	return ctrl.Result{RequeueAfter: time.Minute, Priority: prio(100)}, nil // want `Priority is ignored`
}
