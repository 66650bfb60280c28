package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"wapi"
)

type R struct{ client.Client }

// Create after a NotFound Get: the usual shape.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	found := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Name: app.Name, Namespace: app.Namespace}, found)
	if err != nil && apierrors.IsNotFound(err) {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, err
}

// AlreadyExists handled, or ignored.
type Handled struct{ client.Client }

func (r *Handled) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	if err := r.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, sec))
}

// The caller looked the object up before calling the helper that creates it.
type Caller struct{ client.Client }

func (r *Caller) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.create(ctx, req.Name)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Caller) create(ctx context.Context, name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}
	return r.Create(ctx, cm)
}

// A lookup through a helper of the module that reads.
type Lookup struct{ client.Client }

func (r *Lookup) get(ctx context.Context, key client.ObjectKey) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	return cm, nil
}

func (r *Lookup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := r.get(ctx, req.NamespacedName); err == nil {
		return ctrl.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	return ctrl.Result{}, r.Create(ctx, cm)
}

// CreateOrUpdate; a Create whose error is only logged (droppederr's).
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	if err := r.Create(ctx, sec); err != nil {
		println(err.Error())
	}
	return ctrl.Result{}, nil
}

// GenerateName after a List of the children.
type Gen struct{ client.Client }

func (r *Gen) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(pods.Items) > 0 {
		return ctrl.Result{}, nil
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{GenerateName: req.Name + "-", Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, pod)
}

// A fixed name set after a GenerateName: the name wins.
type Named struct{ client.Client }

func (r *Named) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{GenerateName: "x-"}}
	pod.Name = req.Name
	if err := r.Create(ctx, pod); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Not in a reconcile path.
func seed(ctx context.Context, c client.Client) error {
	return c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "seed"}})
}
