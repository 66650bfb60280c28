// Package unknown has chains the pass cannot see through.
package unknown

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Extra []client.Object
	Hook  func(*builder.Builder) *builder.Builder
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// Kinds from a slice, and a hook that may add anything.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
	for _, o := range r.Extra {
		b = b.Owns(o)
	}
	b = r.Hook(b)
	return b.Complete(r) // want `controller unknown.Reconciler: for v1.ConfigMap owns \?\(owner\) opaque\(given to r.Hook\)`
}
