package controllers

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Widget is a kind with conditions.
type Widget struct {
	corev1.ConfigMap
	Status WidgetStatus
}

// WidgetStatus holds the conditions of a Widget.
type WidgetStatus struct {
	Conditions []metav1.Condition
}

// TerminalReconciler uses TerminalError (v0.15 on) and status conditions.
type TerminalReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *TerminalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["replicas"] == "-1" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("negative replicas"))
	}
	if err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) {
		return len(cm.OwnerReferences) > 0, nil
	}); err != nil {
		var w Widget
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
			Type:    "Ready",
			Status:  metav1.ConditionFalse,
			Reason:  err.Error(),
			Message: "reconcile failed",
		})
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
