package basic

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A plain owner reference on a kind Owned without MatchEveryOwner.
type PlainReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if err := controllerutil.SetOwnerReference(&dep, cm, r.Scheme); err != nil { // want `^controllerutil.SetOwnerReference sets an owner reference that is not the controller reference on the ConfigMap, but the controller watches ConfigMap with Owns without builder.MatchEveryOwner`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *PlainReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

// A controller reference on kinds the controller does not watch.
type UnwatchedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *UnwatchedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, secret, func() error {
		return ctrl.SetControllerReference(&dep, secret, r.Scheme) // want `^ctrl.SetControllerReference makes the reconciled object the controller of the Secret, but the controller neither Owns nor Watches Secret: drift or deletion`
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensurePod(ctx, &dep)
}

func (r *UnwatchedReconciler) ensurePod(ctx context.Context, dep *appsv1.Deployment) error {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if err := controllerutil.SetControllerReference(dep, pod, r.Scheme); err != nil { // want `controller of the Pod, but the controller neither Owns nor Watches Pod.*\(Reconcile → ensurePod\)$`
		return err
	}
	return r.Create(ctx, pod)
}

func (r *UnwatchedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}).Complete(r)
}
