package controllers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/matrix/kube"
)

// HeartbeatReconciler stores a fresh time in the reconciled object and writes it on
// every pass: directly (a selftrigger finding at the Update) and through a helper of
// another package (a selftrigger finding at the call of the helper).
type HeartbeatReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *HeartbeatReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.TODO()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Annotations = map[string]string{"example.com/seen": time.Now().Format(time.RFC3339)}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// PodStampReconciler leaves the status write to kube.WritePodStatus.
type PodStampReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *PodStampReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.TODO()
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod.Status.Message = "seen at " + time.Now().String()
	return ctrl.Result{}, kube.WritePodStatus(ctx, r.Client, &pod)
}
