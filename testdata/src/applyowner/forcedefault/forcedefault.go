// Package forcedefault uses ForceOwnership with owners set: nothing is reported by
// default.
package forcedefault

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func apply(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration, obj client.Object) {
	_ = c.Apply(ctx, ac, client.FieldOwner("op"), client.ForceOwnership)
	_ = c.Patch(ctx, obj, client.Apply, client.FieldOwner("op"), client.ForceOwnership)
	_ = c.Status().Apply(ctx, ac, client.ForceOwnership, client.FieldOwner("op"))
	_ = c.Apply(ctx, ac) // want `server-side apply without a client.FieldOwner option`
}
