package basic

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"wapi"
)

type R struct{ client.Client }

// A literal list assigned to the conditions of the object read.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Conditions = []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Deployed", LastTransitionTime: metav1.Now()}} // want `^app.Status.Conditions is replaced by a new list, then written by r.Status\(\).Update at line 22: the conditions that other controllers \(or earlier passes\) set on the object are dropped, .* meta.SetStatusCondition, .* \(Reconcile\)$`
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// A local list built by appends; nil; a merge patch without optimistic lock.
type Built struct{ client.Client }

func (r *Built) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	base := app.DeepCopy()
	var conds []metav1.Condition
	conds = append(conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Waiting"})
	app.Status.Conditions = conds // want `^app.Status.Conditions is replaced by a new list, then written by r.Status\(\).Patch at line 37`
	if err := r.Status().Patch(ctx, app, client.MergeFrom(base)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.reset(ctx, app)
}

func (r *Built) reset(ctx context.Context, app *wapi.App) error {
	app.Status.Conditions = nil // want `^app.Status.Conditions is replaced by a new list, then written by r.Status\(\).Update at line 45: .* \(Reconcile → reset\)$`
	return r.Status().Update(ctx, app)
}
