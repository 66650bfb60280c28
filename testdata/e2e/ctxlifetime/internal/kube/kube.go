// Package kube holds helpers shared by the controllers and the command-line tool.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SecretData reads a secret. It takes a ctx but ignores it: reported here, once, not
// at its callers.
func SecretData(ctx context.Context, c client.Client, key client.ObjectKey) (map[string][]byte, error) {
	var s corev1.Secret
	if err := c.Get(context.TODO(), key, &s); err != nil {
		return nil, err
	}
	return s.Data, nil
}

// ConfigData reads a config map with the caller's ctx.
func ConfigData(ctx context.Context, c client.Client, key client.ObjectKey) (map[string]string, error) {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return nil, err
	}
	return cm.Data, nil
}

// DefaultNamespace is used by the CLI; it has no ctx to honour, so a reconcile that
// calls it is reported at the call, naming the line to change.
func DefaultNamespace(c client.Client) string {
	var ns corev1.Namespace
	if err := c.Get(context.Background(), client.ObjectKey{Name: "default"}, &ns); err != nil {
		return ""
	}
	return ns.Name
}
