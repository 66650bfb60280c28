package basic

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"wapi"
)

type R struct{ client.Client }

// A child with a fixed name, created on every pass.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name + "-config", Namespace: app.Namespace}}
	if err := r.Create(ctx, cm); err != nil { // want `^r.Create of cm returns its error, AlreadyExists included, and nothing looks the object up before it: once a Create has succeeded .* forever; .* \(Reconcile\)$`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Wrapped, in a helper, through a variable.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.ensureSecret(ctx, req.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Helper) ensureSecret(ctx context.Context, name string) error {
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name}}
	err := r.Create(ctx, sec) // want `^r.Create of sec returns its error, .* \(Reconcile → ensureSecret\)$`
	if err != nil {
		return fmt.Errorf("creating secret: %w", err)
	}
	return nil
}

// A Get of another kind is no lookup of this one.
type OtherKind struct{ client.Client }

func (r *OtherKind) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name}}
	return ctrl.Result{}, r.Create(ctx, sec) // want `^r.Create of sec returns its error`
}

// GenerateName, in the literal and by assignment, with no List.
type Gen struct{ client.Client }

func (r *Gen) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{GenerateName: req.Name + "-", Namespace: req.Namespace}}
	if err := r.Create(ctx, pod); err != nil { // want `^r.Create of pod, named by GenerateName, with no List of the existing ones before it: every retry of this reconcile .* creates one more; .* \(Reconcile\)$`
		return ctrl.Result{}, err
	}
	var cm corev1.ConfigMap
	cm.GenerateName = req.Name + "-"
	_ = r.Create(ctx, &cm) // want `^r.Create of &cm, named by GenerateName`
	sec := &corev1.Secret{}
	sec.SetGenerateName("x-")
	if err := r.Create(ctx, sec); err != nil && !isExists(err) { // want `^r.Create of sec, named by GenerateName`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func isExists(err error) bool { return false }
