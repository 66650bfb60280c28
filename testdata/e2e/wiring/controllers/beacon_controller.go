package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	v1 "example.com/wiring/api/v1"
)

// BeaconReconciler stamps the time of each pass. GenerationChangedPredicate does not
// protect it: Beacon has no status subresource, so the status write bumps the
// generation.
type BeaconReconciler struct{ client.Client }

func (r *BeaconReconciler) fetch(ctx context.Context, req ctrl.Request, b *v1.Beacon) error {
	return r.Get(ctx, req.NamespacedName, b)
}

func (r *BeaconReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var b v1.Beacon
	if err := r.fetch(ctx, req, &b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b.Status.LastPing = metav1.Now()
	return ctrl.Result{}, r.Update(ctx, &b) // selftrigger, with the subresource note
}

func (r *BeaconReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Beacon{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
