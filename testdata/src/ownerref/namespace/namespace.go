package namespace

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"ownerref/api"
)

const operatorNamespace = "operator-system"

type R struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The object in the operator's namespace, the owner in the request's.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: operatorNamespace}}
	if err := controllerutil.SetControllerReference(&app, secret, r.Scheme); err != nil { // want `^SetControllerReference of the Secret in namespace "operator-system" to the ConfigMap in the request's namespace fails whenever the two differ: controller-runtime refuses cross-namespace owner references, so the object gets no owner reference, is never garbage-collected with the owner and Owns\(\) never maps its events back; create the object in its owner's namespace, or use a label and a finalizer on the owner to clean it up$`
		return ctrl.Result{}, err
	}
	// Assigned after the literal, and inside CreateOrUpdate's mutate function.
	cm := &corev1.ConfigMap{}
	cm.Name = app.Name
	cm.Namespace = "shared"
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		return controllerutil.SetOwnerReference(&app, cm, r.Scheme) // want `SetOwnerReference of the ConfigMap in namespace "shared" to the ConfigMap in the request's namespace fails whenever the two differ`
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// Another object's namespace, itself a constant; SetNamespace.
	var cfg corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: "config", Name: "global"}, &cfg); err != nil {
		return ctrl.Result{}, err
	}
	copyOf := &corev1.Secret{}
	copyOf.SetNamespace(cfg.Namespace)
	if err := ctrl.SetControllerReference(&app, copyOf, r.Scheme); err != nil { // want `Secret in namespace "config" to the ConfigMap in the request's namespace`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Two constants that differ: fails on every call.
func pair(s *runtime.Scheme) error {
	owner := &api.Tenant{ObjectMeta: metav1.ObjectMeta{Name: "t", Namespace: "a"}}
	obj := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "b"}}
	return controllerutil.SetControllerReference(owner, obj, s) // want `^SetControllerReference of the ConfigMap in namespace "b" to the Tenant in namespace "a" fails on every call`
}
