package basic

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A reconciler declared in a test file is not an entry point.
type fakeReconciler struct{}

func (fakeReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}
