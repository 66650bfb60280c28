package controllers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// ScalerReconciler keeps the replicas of a Deployment at one.
type ScalerReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *ScalerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	one := int32(1)
	d.Spec.Replicas = &one
	if err := r.Update(ctx, &d); err != nil {
		// Reported: a conflict is transient, and a terminal error is never retried.
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		// Not reported: an invalid object stays invalid, and the status says so.
		if apierrors.IsInvalid(err) {
			d.Status.Conditions = append(d.Status.Conditions, appsv1.DeploymentCondition{
				Type: appsv1.DeploymentProgressing, Status: "False", Reason: "InvalidSpec", Message: err.Error()})
			if serr := r.Status().Update(ctx, &d); serr != nil {
				return ctrl.Result{}, serr
			}
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
