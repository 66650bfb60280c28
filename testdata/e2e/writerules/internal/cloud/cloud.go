// Package cloud is the module's client of an object store outside the cluster.
package cloud

import "context"

// Store creates and deletes buckets.
type Store interface {
	CreateBucket(ctx context.Context, name string) error
	DeleteBucket(ctx context.Context, name string) error
}
