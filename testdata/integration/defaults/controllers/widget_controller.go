// Package controllers is a small controller on the real controller-runtime, linted by
// the custom golangci-lint with the reconcilelint plugin.
package controllers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// WidgetReconciler waits for a ConfigMap to become ready.
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
		time.Sleep(2 * time.Second)
		return ctrl.Result{Requeue: true}, nil
	}
	if err := r.waitForOwner(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	// Suppressed for golangci-lint: every reconcilelint rule on this line.
	time.Sleep(time.Millisecond) //nolint:reconcilelint // the fake API server needs a moment
	// Suppressed by reconcilelint itself: one rule, with a reason.
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep the fake API server needs a moment
	// An ignore directive that suppresses nothing is reported by the directive rule.
	_ = cm.Name //reconcilelint:ignore requeue nothing to ignore here
	return ctrl.Result{RequeueAfter: 10 * time.Minute}, nil
}

func (r *WidgetReconciler) waitForOwner(ctx context.Context, cm *corev1.ConfigMap) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		return len(cm.OwnerReferences) > 0, nil
	})
}

// SetupWithManager registers the reconciler.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}
