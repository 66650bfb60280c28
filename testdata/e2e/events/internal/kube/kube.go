// Package kube holds client helpers of the module.
package kube

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MarkSeen labels the object: a write, wherever it is called from.
func MarkSeen(ctx context.Context, c client.Client, obj client.Object) error {
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["example.com/seen"] = "true"
	obj.SetLabels(labels)
	return c.Update(ctx, obj)
}
