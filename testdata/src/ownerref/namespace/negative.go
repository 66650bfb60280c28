package namespace

import (
	"context"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"ownerref/api"
)

type N struct {
	client.Client
	Scheme *runtime.Scheme
	NS     string
}

func (r *N) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The owner's namespace.
	a := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if err := controllerutil.SetControllerReference(&app, a, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// The request's namespace, for an owner read with the request.
	b := &corev1.Secret{}
	b.Namespace = req.Namespace
	if err := controllerutil.SetControllerReference(&app, b, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	c := &corev1.Secret{}
	c.SetNamespace(app.GetNamespace())
	if err := controllerutil.SetControllerReference(&app, c, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// Unknown namespaces: a field, an environment variable, a parameter.
	d := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: r.NS}}
	if err := controllerutil.SetControllerReference(&app, d, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	e := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: os.Getenv("NS")}}
	if err := controllerutil.SetControllerReference(&app, e, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// Set to a constant, then to the owner's: not known to agree, not reported.
	f := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "x"}}
	if app.Data["same"] != "" {
		f.Namespace = app.Namespace
	}
	if err := controllerutil.SetControllerReference(&app, f, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// Written three times before the call: the writes do not agree, so the rule does
	// not guess which one holds (it does not follow the order of the writes).
	g := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "x"}}
	g.Namespace = app.Namespace
	g.Namespace = req.Namespace
	if err := controllerutil.SetControllerReference(&app, g, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A cluster-scoped owner takes objects of any namespace.
func clusterOwner(realm *api.Realm, s *runtime.Scheme) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "anywhere"}}
	return controllerutil.SetControllerReference(realm, cm, s)
}

// The owner is a parameter: its namespace is unknown.
func param(owner *api.Tenant, s *runtime.Scheme) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "b"}}
	return controllerutil.SetControllerReference(owner, cm, s)
}

// The same constant.
func same(s *runtime.Scheme) error {
	owner := &api.Tenant{ObjectMeta: metav1.ObjectMeta{Name: "t", Namespace: "a"}}
	obj := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "a"}}
	return controllerutil.SetControllerReference(owner, obj, s)
}
