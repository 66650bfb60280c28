package negative

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"errpaths/api"
)

type R struct{ client.Client }

func prio(n int) *int { return &n }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		// Priority applies to the error path too.
		return ctrl.Result{Priority: prio(5)}, err
	}
	// With a RequeueAfter the requeue carries the priority.
	if app.Spec.Paused {
		return ctrl.Result{RequeueAfter: time.Minute, Priority: prio(100)}, nil
	}
	// A nil Priority.
	if app.Status.Ready {
		return ctrl.Result{Priority: nil}, nil
	}
	// An error that may be non-nil.
	err := r.Update(ctx, &app)
	return ctrl.Result{Priority: prio(1)}, err
}

// Not reached from an entry point.
func unreached() (ctrl.Result, error) {
	return ctrl.Result{Priority: prio(1)}, nil
}
