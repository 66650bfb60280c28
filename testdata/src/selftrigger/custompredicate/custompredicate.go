package custompredicate

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"selftrigger/api"
)

// The controller drops updates that leave the generation unchanged with a predicate of
// its own: a status write triggers nothing.
type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Clock{}, builder.WithPredicates(changed())).
		Complete(r)
}

func changed() predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
		},
	}
}
