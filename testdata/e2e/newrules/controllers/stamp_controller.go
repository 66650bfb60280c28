package controllers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/newrules/internal/kubewrite"
)

// StampReconciler records when it last saw each ConfigMap.
type StampReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations == nil {
		cm.Annotations = map[string]string{}
	}
	// Reported at the Update: every pass writes a new time, and the write triggers the next pass.
	cm.Annotations["example.com/last-seen"] = time.Now().UTC().Format(time.RFC3339Nano)
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// OwnerStampReconciler is the good version: it writes only when the data changed.
type OwnerStampReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *OwnerStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := cm.DeepCopy()
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	cm.Data["owner"] = "newrules"
	if equality.Semantic.DeepEqual(before, &cm) {
		return ctrl.Result{}, nil
	}
	cm.Annotations = map[string]string{"example.com/changed": time.Now().UTC().Format(time.RFC3339)}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// HeartbeatReconciler leaves the write to a helper of another package.
type HeartbeatReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *HeartbeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Reported at the call of the helper that writes it on every pass.
	cm.Labels = map[string]string{"example.com/heartbeat": time.Now().UTC().Format("20060102T150405")}
	return ctrl.Result{}, kubewrite.Save(ctx, r.Client, &cm)
}

// RotateReconciler stamps the ConfigMap in a helper, but only when its key is missing:
// not reported (the helper's only caller guards it).
type RotateReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *RotateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, ok := cm.Data["key"]; !ok {
		return ctrl.Result{}, r.rotate(ctx, &cm)
	}
	return ctrl.Result{}, nil
}

func (r *RotateReconciler) rotate(ctx context.Context, cm *corev1.ConfigMap) error {
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	cm.Data["key"] = "generated"
	cm.Annotations = map[string]string{"example.com/rotated": time.Now().UTC().Format(time.RFC3339)}
	return r.Update(ctx, cm)
}
