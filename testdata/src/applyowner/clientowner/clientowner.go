// Package clientowner builds its client with a default owner (config clientFieldOwner).
package clientowner

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func Apply(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration, name string) error {
	if err := c.Apply(ctx, ac); err != nil {
		return err
	}
	return c.Apply(ctx, ac, client.ForceOwnership) // want `client.ForceOwnership takes fields`
}
