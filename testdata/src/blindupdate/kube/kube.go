// Package kube builds and reads objects for the blindupdate tests: its summaries say
// which results are built fresh and which are read.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DesiredConfigMap builds the ConfigMap the controller wants.
func DesiredConfigMap(name, ns string) (*corev1.ConfigMap, error) { // want DesiredConfigMap:"result 0: built fresh"
	if name == "" {
		return nil, nil
	}
	return &corev1.ConfigMap{Data: map[string]string{"name": name}}, nil
}

// Fetch reads a ConfigMap.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) { // want Fetch:"result 0: read from the cluster"
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	return cm, nil
}
