package percontroller

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	corev1 "k8s.io/api/core/v1"

	"selftrigger/api"
)

// Filtered drops updates that leave the generation unchanged: its status write
// triggers nothing.
type Filtered struct{ client.Client }

func (r *Filtered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

func (r *Filtered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Clock{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Unfiltered sits in the same package: the other controller's filter does not protect
// it (before the wiring pass, any filter in the package silenced both).
type Unfiltered struct{ client.Client }

func (r *Unfiltered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled`
}

func (r *Unfiltered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Clock{}).Complete(r)
}

// OwnsFiltered filters the events of the ConfigMaps it owns, not its own: its status
// write triggers the next reconcile.
type OwnsFiltered struct{ client.Client }

func (r *OwnsFiltered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object`
}

func (r *OwnsFiltered) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Clock{}).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// Global filters every event of the controller, its own kind's included.
type Global struct{ client.Client }

func (r *Global) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

func (r *Global) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Clock{}).WithEventFilter(predicate.GenerationChangedPredicate{}).Complete(r)
}

// Opaque's filter comes from another package's function: not judged, not reported.
type Opaque struct {
	client.Client
	Filter predicate.Predicate
}

func (r *Opaque) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

func (r *Opaque) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Clock{}, builder.WithPredicates(r.Filter)).Complete(r)
}

// Unwired's controller is built elsewhere (main): the generation filters of this
// package belong to the controllers seen above, and do not protect it.
type Unwired struct{ client.Client }

func (r *Unwired) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object`
}
