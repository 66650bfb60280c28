package helpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"applyread/helpers/kube"
)

type R struct{ client.Client }

// A read object given to a helper of another package that applies its parameter.
func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"k": "v"}
	if err := kube.Apply(ctx, r.Client, &cm); err != nil { // want `^&cm, read from the cluster by r.Get at line 18, is given to kube.Apply, which applies it with a server-side apply: the apply sends every field of the live object`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.own(ctx, req)
}

// A read object given to a helper of this package that applies its parameter, and an
// object returned by a helper that reads it.
func (r *R) own(ctx context.Context, req reconcile.Request) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return err
	}
	if err := r.apply(ctx, pod); err != nil { // want `^pod, read from the cluster by r.Get at line 32, is given to helpers.R.apply, which applies it`
		return err
	}
	cm, err := kube.Fetch(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return err
	}
	if err := r.Patch(ctx, cm, client.Apply, client.FieldOwner("op")); err != nil { // want `^server-side apply of cm, which was read from the cluster by kube.Fetch at line 38`
		return err
	}
	local, err := r.fetch(ctx, req.NamespacedName)
	if err != nil {
		return err
	}
	return kube.Apply(ctx, r.Client, local) // want `^local, read from the cluster by r.fetch at line 45, is given to kube.Apply`
}

func (r *R) apply(ctx context.Context, obj client.Object) error {
	return r.Patch(ctx, obj, client.Apply, client.FieldOwner("op"))
}

func (r *R) fetch(ctx context.Context, key client.ObjectKey) (*corev1.Secret, error) {
	var s corev1.Secret
	if err := r.Get(ctx, key, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Not reported: objects built fresh, by the function or by a helper, and an object a
// helper returns that is not always a read.
func (r *R) fresh(ctx context.Context, req reconcile.Request) error {
	if err := kube.Apply(ctx, r.Client, &corev1.ConfigMap{}); err != nil {
		return err
	}
	if err := kube.Apply(ctx, r.Client, kube.Desired(req.Name)); err != nil {
		return err
	}
	maybe, err := kube.FetchOrNew(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return err
	}
	if err := kube.Apply(ctx, r.Client, maybe); err != nil {
		return err
	}
	var read corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &read); err != nil {
		return err
	}
	desired := kube.Desired(read.Name) // a fresh object named after the read one
	if err := r.apply(ctx, desired); err != nil {
		return err
	}
	// A merge patch of a read object through a helper is not an apply.
	return r.merge(ctx, &read)
}

func (r *R) merge(ctx context.Context, obj client.Object) error {
	return r.Patch(ctx, obj, client.Merge)
}
