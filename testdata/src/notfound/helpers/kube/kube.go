// Package kube holds read helpers for the controllers of package helpers.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch returns the ConfigMap named by key, and the Get's error unchanged.
func Fetch(ctx context.Context, c client.Client, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	return cm, nil
}

// FetchOrNil hides NotFound: a nil ConfigMap.
func FetchOrNil(ctx context.Context, c client.Client, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return cm, nil
}

// Remove deletes o and returns the Delete's error unchanged.
func Remove(ctx context.Context, c client.Client, o client.Object) error {
	return c.Delete(ctx, o)
}

// RemoveQuiet ignores NotFound.
func RemoveQuiet(ctx context.Context, c client.Client, o client.Object) error {
	return client.IgnoreNotFound(c.Delete(ctx, o))
}

// FetchStore gets an object of the namespace by another name (external-secrets'
// removeUnmanagedStores: the SecretStores named by refs, in req.Namespace): its key
// is not the reconciled object's although its namespace is.
func FetchStore(ctx context.Context, c client.Client, namespace string, names []string) error {
	for _, name := range names {
		if err := c.Get(ctx, types.NamespacedName{Name: name, Namespace: namespace}, &corev1.Secret{}); err != nil {
			return err
		}
	}
	return nil
}
