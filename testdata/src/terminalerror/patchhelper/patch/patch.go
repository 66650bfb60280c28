// Package patch is a patch helper of the shape of Flux's patch.SerialPatcher and
// cluster-api's patch.Helper: made from an object, it patches the object and its status.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SerialPatcher holds the object it was made from.
type SerialPatcher struct {
	c      client.Client
	before client.Object
}

// NewSerialPatcher returns a patcher for obj.
func NewSerialPatcher(obj client.Object, c client.Client) *SerialPatcher {
	return &SerialPatcher{c: c, before: obj}
}

// Patch patches obj and its status.
func (p *SerialPatcher) Patch(ctx context.Context, obj client.Object) error {
	return nil
}

// Doc is a JSON document, not an object helper.
type Doc struct{ raw []byte }

// Patch applies a JSON patch to the document: no object, no write.
func (d *Doc) Patch(ops []byte) error {
	d.raw = append(d.raw, ops...)
	return nil
}
