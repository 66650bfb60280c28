package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/newrules/internal/kubeapply"
)

const mirrorOwner = client.FieldOwner("newrules-mirror")

// MirrorReconciler labels each ConfigMap by applying the object it read.
type MirrorReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels = map[string]string{"example.com/mirrored": "true"}
	// Reported at the Patch: the read object carries every field and its managedFields.
	return ctrl.Result{}, r.Patch(ctx, &cm, client.Apply, mirrorOwner) //nolint:staticcheck // the deprecated form is the case under test
}

// AppliedMirrorReconciler is the good version: it applies only the label it owns.
type AppliedMirrorReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *AppliedMirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ac := corev1ac.ConfigMap(cm.Name, cm.Namespace).WithLabels(map[string]string{"example.com/mirrored": "true"})
	return ctrl.Result{}, r.Apply(ctx, ac, mirrorOwner)
}

// HelperMirrorReconciler applies through a helper package: the read object is reported
// at the call that passes it, the built one is not.
type HelperMirrorReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *HelperMirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := kubeapply.Apply(ctx, r.Client, kubeapply.Labels(cm.Name, cm.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	cm.Labels = map[string]string{"example.com/mirrored": "true"}
	return ctrl.Result{}, kubeapply.Apply(ctx, r.Client, &cm)
}
