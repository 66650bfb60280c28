// Package patch is a small patch helper: made from an object, it merge-patches the
// object's status against the copy it took.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Helper patches the status of the object it was made from.
type Helper struct {
	c      client.Client
	before client.Object
}

// NewHelper returns a helper for obj.
func NewHelper(obj client.Object, c client.Client) *Helper {
	return &Helper{c: c, before: obj.DeepCopyObject().(client.Object)}
}

// Patch patches the status of obj.
func (h *Helper) Patch(ctx context.Context, obj client.Object) error {
	return h.c.Status().Patch(ctx, obj, client.MergeFrom(h.before))
}
