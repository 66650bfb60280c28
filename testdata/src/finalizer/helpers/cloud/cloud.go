// Package cloud holds the cleanup helpers of the controllers of package helpers.
package cloud

import (
	"context"

	"github.com/go-logr/logr"
)

// API is an external system.
type API interface {
	DeleteBucket(ctx context.Context, name string) error
}

// Cleanup logs the error of the cleanup and carries on: it returns nothing.
func Cleanup(ctx context.Context, api API, log logr.Logger, name string) {
	if err := api.DeleteBucket(ctx, name); err != nil {
		log.Error(err, "cannot delete bucket")
	}
}

// CleanupNil drops the error and returns nil.
func CleanupNil(ctx context.Context, api API, name string) error {
	_ = api.DeleteBucket(ctx, name)
	return nil
}

// CleanupAll calls Cleanup: the chain names both.
func CleanupAll(ctx context.Context, api API, log logr.Logger, names []string) error {
	for _, n := range names {
		Cleanup(ctx, api, log, n)
	}
	return nil
}

// CleanupErr returns the error: a caller that returns it keeps the finalizer.
func CleanupErr(ctx context.Context, api API, name string) error {
	return api.DeleteBucket(ctx, name)
}

// Lookup reaches, three calls down, a cache that discards the error of closing an
// old client (external-secrets' DeleteSecretFromProviders → Manager.Get → GetFromStore
// → cleanup of a cached client): that is not the cleanup the finalizer guards.
func Lookup(ctx context.Context, api API, name string) error {
	return lookupStore(ctx, api, name)
}

func lookupStore(ctx context.Context, api API, name string) error {
	evict(ctx, api, name)
	return nil
}

func evict(ctx context.Context, api API, name string) {
	_ = api.DeleteBucket(ctx, name)
}
