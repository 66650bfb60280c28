// Package store wraps the cloud for the finalizerfirst tests: an interface of the
// module, and a helper of another package of the module that creates through the SDK.
package store

import (
	"context"

	"cloud.example/sdk"
)

// Store is the module's view of object storage.
type Store interface {
	PutObject(ctx context.Context, bucket, key string) error
	Exists(ctx context.Context, bucket string) (bool, error)
}

// Provision creates the bucket of an app.
func Provision(ctx context.Context, c *sdk.Client, name string) error { // want Provision:"externalcreate: store.Provision → sdk.Client.CreateBucket"
	return c.CreateBucket(ctx, name)
}
