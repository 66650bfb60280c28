// Package kubeapply holds the apply helpers of the mirror controllers.
package kubeapply

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Owner is the field manager of the mirror controllers.
const Owner = client.FieldOwner("newrules-mirror")

// Apply applies obj with server-side apply.
func Apply(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Patch(ctx, obj, client.Apply, Owner) //nolint:staticcheck // the deprecated form is the case under test
}

// Labels builds the ConfigMap that carries only the label the controller owns.
func Labels(name, namespace string) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.APIVersion, cm.Kind = "v1", "ConfigMap"
	cm.Name, cm.Namespace = name, namespace
	cm.Labels = map[string]string{"example.com/mirrored": "true"}
	return cm
}
