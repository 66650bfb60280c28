package negative

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"wapi"
)

type R struct{ client.Client }

// SetStatusCondition.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Deployed"})
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// The conditions of a fresh object, before its Create.
type Fresh struct{ client.Client }

func (r *Fresh) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	app.Name = req.Name
	app.Status.Conditions = []metav1.Condition{{Type: "Ready", Status: metav1.ConditionUnknown, Reason: "Created"}}
	if err := r.Create(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, app)
}

// A list computed from the old one: filtered, or copied and extended.
type Filter struct{ client.Client }

func (r *Filter) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	var kept []metav1.Condition
	for _, c := range app.Status.Conditions {
		if c.Type != "Stale" {
			kept = append(kept, c)
		}
	}
	app.Status.Conditions = kept
	if err := r.Status().Update(ctx, &app); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.Conditions = append(app.Status.Conditions[:0:0], app.Status.Conditions...)
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// Replaced, but not written by this function; and an object nobody read.
type NotWritten struct{ client.Client }

func (r *NotWritten) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.Conditions = []metav1.Condition{}
	return ctrl.Result{}, nil
}

// A first list for an object that has none.
type First struct{ client.Client }

func (r *First) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	if len(app.Status.Conditions) == 0 {
		app.Status.Conditions = []metav1.Condition{{Type: "Ready", Status: metav1.ConditionUnknown, Reason: "Reconciling"}}
		return ctrl.Result{}, r.Status().Update(ctx, &app)
	}
	return ctrl.Result{}, nil
}
