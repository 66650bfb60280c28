package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// TenantReconciler makes a Namespace for every tenant ConfigMap.
type TenantReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *TenantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var tenant corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &tenant); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "tenant-" + tenant.Name}}
	// Reported: a namespaced owner of a cluster-scoped object is refused on every call.
	if err := controllerutil.SetControllerReference(&tenant, ns, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, ns); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	// Not reported: a namespaced owner of a namespaced object.
	role := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "tenant", Namespace: tenant.Namespace}}
	if err := controllerutil.SetControllerReference(&tenant, role, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, role))
}
