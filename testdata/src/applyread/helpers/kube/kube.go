// Package kube holds client helpers of the module: one applies its parameter, one
// returns an object it reads from the cluster.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Apply applies obj with server-side apply.
func Apply(ctx context.Context, c client.Client, obj client.Object) error { // want Apply:"param 2 → applied object via kube.Apply"
	return c.Patch(ctx, obj, client.Apply, client.FieldOwner("op"), client.ForceOwnership)
}

// Fetch reads the ConfigMap at key.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) { // want Fetch:"result 0: read from the cluster"
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	return cm, nil
}

// FetchOrNew returns a fresh object when the read fails: not always a read.
func FetchOrNew(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return &corev1.ConfigMap{}, nil
	}
	return cm, nil
}

// Desired builds the object this controller wants: fresh.
func Desired(name string) *corev1.ConfigMap { // want Desired:"result 0: built fresh"
	cm := &corev1.ConfigMap{}
	cm.Name = name
	return cm
}
