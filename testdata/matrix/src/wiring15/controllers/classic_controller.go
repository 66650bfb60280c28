package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// ClassicReconciler is wired with controller.New and the Watch of v0.15..v0.17:
// Watch(source.Kind(cache, obj), handler, predicates...).
type ClassicReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *ClassicReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
	if err := c.Watch(source.Kind(mgr.GetCache(), &corev1.Pod{}), &handler.EnqueueRequestForObject{}); err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.ConfigMap{}), handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &corev1.Pod{}, handler.OnlyControllerOwner()))
}
