// Package kubewrite holds the write helpers of the controllers.
package kubewrite

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Save writes obj on every call: its callers decide whether anything changed.
func Save(ctx context.Context, c client.Client, obj client.Object) error {
	if obj == nil {
		return nil
	}
	return c.Update(ctx, obj)
}
