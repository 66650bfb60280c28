// Package migrate is listed in allowForceOwnership.
package migrate

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func Take(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration) error {
	return c.Apply(ctx, ac, client.FieldOwner("op"), client.ForceOwnership)
}
