// Package helpers reads the reconciled object in helpers, of this package and of
// package kube.
package helpers

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"notfound/helpers/kube"
)

type Remote struct{ client.Client }

func (r *Remote) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := kube.Fetch(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err // want `^the NotFound error of the Get of the reconciled object in kube\.Fetch \(Get at kube\.go:16\) is returned unchanged: after the object is deleted its key is retried with backoff \(up to 1000s\) forever; return client.IgnoreNotFound\(err\)$`
	}
	_ = cm
	return ctrl.Result{}, nil
}

type Local struct{ client.Client }

// get reads the object of the request in the same package.
func (r *Local) get(ctx context.Context, req ctrl.Request) (*corev1.ConfigMap, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	return &cm, err
}

func (r *Local) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := r.get(ctx, req); err != nil {
		return ctrl.Result{}, fmt.Errorf("reading: %w", err) // want `NotFound error of the Get of the reconciled object in helpers\.Local\.get \(Get at helpers\.go:34\) is returned unchanged`
	}
	return ctrl.Result{}, nil
}

// Negatives.

type Ignored struct{ client.Client }

func (r *Ignored) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := kube.Fetch(ctx, r.Client, req.NamespacedName); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // the entry filters it
	}
	return ctrl.Result{}, nil
}

type Checked struct{ client.Client }

func (r *Checked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := kube.Fetch(ctx, r.Client, req.NamespacedName); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err // after an IsNotFound test
	}
	return ctrl.Result{}, nil
}

type Filtered struct{ client.Client }

func (r *Filtered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := kube.FetchOrNil(ctx, r.Client, req.NamespacedName) // the helper filters NotFound
	if err != nil || cm == nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Another object's key: its NotFound is not the deleted object's.
	if _, err := kube.Fetch(ctx, r.Client, types.NamespacedName{Namespace: "kube-system", Name: "config"}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Store reads another object in the request's namespace: not reported.
type Store struct{ client.Client }

func (r *Store) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := kube.FetchStore(ctx, r.Client, req.Namespace, []string{"a", "b"}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Dependent reads the reconciled object itself, then a ConfigMap of the same name
// through a helper: that NotFound is a wait for another object, not reported.
type Dependent struct{ client.Client }

func (r *Dependent) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var own corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &own); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := kube.Fetch(ctx, r.Client, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
