// Package controllers has requeue findings with suggested fixes, for --fix.
package controllers

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// WidgetReconciler requeues.
type WidgetReconciler struct {
	client.Client
}

// Reconcile is the entry point.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["ready"] != "true" {
		return ctrl.Result{Requeue: true}, fmt.Errorf("configmap %s is not ready", req.Name)
	}
	if cm.Data["stale"] == "true" {
		return ctrl.Result{Requeue: true, RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}
