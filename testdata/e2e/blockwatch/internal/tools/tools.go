// Package tools runs external tools for the controllers.
package tools

import (
	"context"
	"os/exec"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Version runs the tool without a context: it cannot be cancelled.
func Version(name string) (string, error) {
	out, err := exec.Command(name, "version").Output()
	return string(out), err
}

// VersionContext runs the tool with the caller's context.
func VersionContext(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, name, "version").Output()
	return string(out), err
}

// MarkProbed patches the probed annotation, retrying until the API accepts it.
func MarkProbed(ctx context.Context, c client.Client, obj client.Object) error {
	patch := client.MergeFrom(obj.DeepCopyObject().(client.Object))
	obj.SetAnnotations(map[string]string{"probed": "true"})
	for {
		err := c.Patch(ctx, obj, patch)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// CreateEach creates the objects one by one and stops at the first error.
func CreateEach(ctx context.Context, c client.Client, objs []client.Object) error {
	for _, obj := range objs {
		if err := c.Create(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}
