package controllers

import (
	"context"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// WireReconciler is wired with the builder of v0.15 on: Watches of an object with a
// handler, Owns with builder.MatchEveryOwner.
type WireReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *WireReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	secret.Name, secret.Namespace = cm.Name, cm.Namespace
	if err := controllerutil.SetOwnerReference(&cm, secret, r.Scheme); err != nil { // Owns maps only controller references
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	if err := controllerutil.SetOwnerReference(&cm, svc, r.Scheme); err != nil { // MatchEveryOwner: no finding
		return ctrl.Result{}, err
	}
	var pod corev1.Pod
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["pod"]}, &pod); err != nil {
		return ctrl.Result{}, err
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // Pods are not watched
	}
	var ns corev1.Namespace
	if err := r.Get(ctx, types.NamespacedName{Name: cm.Namespace}, &ns); err != nil {
		return ctrl.Result{}, err
	}
	if ns.Status.Phase != corev1.NamespaceActive {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // Namespaces are watched: no finding
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, cm.Data["url"], nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := http.DefaultClient.Do(hreq) // no deadline: the option exists from v0.22
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}

// SetupWithManager wires the controller.
func (r *WireReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}).
		Owns(&corev1.Service{}, builder.MatchEveryOwner).
		Watches(&corev1.Namespace{}, handler.EnqueueRequestsFromMapFunc(r.forNamespace)).
		Complete(r)
}

func (r *WireReconciler) forNamespace(ctx context.Context, o client.Object) []reconcile.Request {
	return nil
}
