package nosubresource

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"selftrigger/api"
)

// Tick has no status subresource: its status is written with the main resource, which
// bumps metadata.generation, so the generation filter lets the event through.
type TickReconciler struct{ client.Client }

func (r *TickReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t api.Tick
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, err
	}
	t.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Update(ctx, &t) // want `^r.Update writes the reconciled object with t.Status.LastReconciled.*the kind has no status subresource, so a status change bumps metadata.generation and passes GenerationChangedPredicate`
}

func (r *TickReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Tick{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Tick's annotations: a metadata change leaves the generation alone, the filter drops
// it.
type TickAnnotator struct{ client.Client }

func (r *TickAnnotator) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t api.Tick
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, err
	}
	t.SetAnnotations(map[string]string{"seen": metav1.Now().String()})
	return ctrl.Result{}, r.Update(ctx, &t)
}

func (r *TickAnnotator) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Tick{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Timer has the status subresource: its status write leaves the generation alone.
type TimerReconciler struct{ client.Client }

func (r *TimerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t api.Timer
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, err
	}
	t.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &t)
}

func (r *TimerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Timer{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
