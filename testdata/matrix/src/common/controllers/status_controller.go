package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// StatusReconciler writes through the status writer: client.StatusWriter before v0.14,
// client.SubResourceWriter (StatusWriter an alias of it) from v0.14 on.
type StatusReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The status is written with the status writer before the main write: not a
	// statusupdate finding.
	pod.Status.Message = "seen"
	if err := r.Status().Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	pod.Labels = map[string]string{"seen": "true"}
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	// A status patch from a MergeFrom of the patched object itself: a mergefrom finding.
	pod.Status.Reason = "Seen"
	if err := r.Status().Patch(ctx, &pod, client.MergeFrom(&pod)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
