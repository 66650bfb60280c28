// Package controllers reconciles ConfigMaps.
package controllers

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"example.com/operator/internal/backoff"
)

// ConfigMapReconciler copies a marker annotation onto ConfigMaps.
type ConfigMapReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *ConfigMapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if cm.Annotations["example.com/paused"] == "true" {
		time.Sleep(2 * time.Second)
		return ctrl.Result{Requeue: true}, nil
	}
	if err := r.waitForOwner(ctx, &cm); err != nil {
		return ctrl.Result{Requeue: true}, fmt.Errorf("waiting for owner of %s: %w", req.NamespacedName, err)
	}
	if cm.Data == nil {
		return ctrl.Result{Requeue: true, RequeueAfter: 30 * time.Second}, nil
	}
	logger.Info("reconciled")
	return ctrl.Result{RequeueAfter: backoff.Jitter(time.Minute)}, nil
}

func (r *ConfigMapReconciler) waitForOwner(ctx context.Context, cm *corev1.ConfigMap) error {
	return backoff.UntilReady(ctx, func(ctx context.Context) (bool, error) {
		return len(cm.OwnerReferences) > 0, nil
	})
}

// SetupWithManager registers the controller.
func (r *ConfigMapReconciler) SetupWithManager(mgr ctrl.Manager) error {
	time.Sleep(100 * time.Millisecond) // start-up code: not a reconcile path
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}
