package common // want package:"builds controllers"

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Setup completes a controller for the caller's kind and reconciler.
func Setup(mgr ctrl.Manager, obj client.Object, r reconcile.Reconciler, opts controller.Options) error { // want Setup:`wiring controller slot3: for slot2 owns v1.ConfigMap\(owner\)`
	return ctrl.NewControllerManagedBy(mgr).
		For(obj).
		Owns(&corev1.ConfigMap{}).
		WithOptions(opts).
		Complete(r)
}

// NewBuilder returns a builder for the kind, watching Secrets.
func NewBuilder(mgr ctrl.Manager, obj client.Object) *builder.Builder { // want NewBuilder:`wiring returns builder\(base 0\) for slot2 owns v1.Secret\(owner\)`
	return ctrl.NewControllerManagedBy(mgr).For(obj).Owns(&corev1.Secret{})
}

// AddPodWatch adds an Owns of Pods to the builder it is given.
func AddPodWatch(b *builder.Builder) { // want AddPodWatch:`wiring adds to slot1 owns v1.Pod\(owner\)`
	b.Owns(&corev1.Pod{})
}

// Finish completes the builder it is given.
func Finish(b *builder.Builder, r reconcile.Reconciler) error { // want Finish:`wiring controller slot2: nothing`
	return b.Complete(r)
}
