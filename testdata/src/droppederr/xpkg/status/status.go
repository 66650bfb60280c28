// Package status holds helpers that write the status for the controllers of package
// xpkg.
package status

import (
	"context"
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Update writes the status and returns the write's error, wrapped.
func Update(ctx context.Context, c client.Client, o client.Object) error {
	if err := c.Status().Update(ctx, o); err != nil {
		return fmt.Errorf("status: %w", err)
	}
	return nil
}

// Save returns Update's error.
func Save(ctx context.Context, c client.Client, o client.Object) error {
	return Update(ctx, c, o)
}

// Label patches the object.
func Label(ctx context.Context, c client.Client, o client.Object, p client.Patch) error {
	err := c.Patch(ctx, o, p)
	return err
}

// Quiet logs the write's error itself and returns nil: the caller cannot drop it (the
// write is reported here, by the in-package rule).
func Quiet(ctx context.Context, c client.Client, o client.Object) error {
	_ = c.Update(ctx, o)
	return nil
}

// Validate returns an error of its own, not of a write.
func Validate(ctx context.Context, o client.Object) error {
	if o.GetName() == "" {
		return fmt.Errorf("no name")
	}
	return nil
}
