package controllers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// WireReconciler is wired with the v0.6 builder: Owns, and Watches of a source.Kind
// struct with the EnqueueRequestsFromMapFunc struct.
type WireReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *WireReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	secret.Name, secret.Namespace = cm.Name, cm.Namespace
	if err := controllerutil.SetOwnerReference(&cm, secret, r.Scheme); err != nil { // Owns maps only controller references
		return ctrl.Result{}, err
	}
	var pod corev1.Pod
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["pod"]}, &pod); err != nil {
		return ctrl.Result{}, err
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // Pods are not watched
	}
	return ctrl.Result{}, nil
}

// SetupWithManager wires the controller.
func (r *WireReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}).
		Watches(&source.Kind{Type: &corev1.Namespace{}}, &handler.EnqueueRequestsFromMapFunc{ToRequests: handler.ToRequestsFunc(r.forNamespace)}).
		Complete(r)
}

func (r *WireReconciler) forNamespace(o handler.MapObject) []reconcile.Request { return nil }

// ClassicReconciler is wired with controller.New and Watch(src, handler, predicates).
type ClassicReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *ClassicReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(&pod, cm, r.Scheme); err != nil { // ConfigMaps are watched: no finding
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	return ctrl.Result{}, controllerutil.SetControllerReference(&pod, svc, r.Scheme) // Services are not watched
}

// AddClassic wires the controller.
func AddClassic(mgr ctrl.Manager) error {
	r := &ClassicReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
	c, err := controller.New("classic", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(&source.Kind{Type: &corev1.Pod{}}, &handler.EnqueueRequestForObject{}); err != nil {
		return err
	}
	return c.Watch(&source.Kind{Type: &corev1.ConfigMap{}}, &handler.EnqueueRequestForOwner{OwnerType: &corev1.Pod{}, IsController: true})
}
