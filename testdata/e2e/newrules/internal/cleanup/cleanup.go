// Package cleanup holds helpers of the bucket controller.
package cleanup

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// Store is an external system.
type Store interface {
	DeleteBucket(ctx context.Context, name string) error
}

// Bucket deletes the bucket, logs a failure and carries on.
func Bucket(ctx context.Context, s Store, name string) {
	if err := s.DeleteBucket(ctx, name); err != nil {
		log.FromContext(ctx).Error(err, "cannot delete bucket")
	}
}

// Status writes the status and returns the write's error.
func Status(ctx context.Context, c client.Client, o client.Object) error {
	return c.Status().Update(ctx, o)
}

// Fetch reads the object at key and returns the Get's error unchanged.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey, o client.Object) error {
	return c.Get(ctx, key, o)
}

// FetchIgnoringGone reads the object at key; a NotFound is not an error.
func FetchIgnoringGone(ctx context.Context, c client.Client, key client.ObjectKey, o client.Object) error {
	return client.IgnoreNotFound(c.Get(ctx, key, o))
}
