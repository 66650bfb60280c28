// Package cache synthesizes package sigs.k8s.io/controller-runtime/pkg/cache for tests.
package cache

import (
	"context"

	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Cache reads objects from informers.
type Cache interface {
	client.Reader
	Informers
}

// Informers hands out informers (subset of methods).
type Informers interface {
	GetInformer(ctx context.Context, obj client.Object, opts ...InformerGetOption) (Informer, error)
	Start(ctx context.Context) error
	WaitForCacheSync(ctx context.Context) bool
}

// InformerGetOptions holds GetInformer options.
type InformerGetOptions struct{}

// InformerGetOption configures GetInformer.
type InformerGetOption func(*InformerGetOptions)

// Informer is an informer for one kind (subset of methods).
type Informer interface {
	AddEventHandler(handler toolscache.ResourceEventHandler) (toolscache.ResourceEventHandlerRegistration, error)
	AddEventHandlerWithOptions(handler toolscache.ResourceEventHandler, options toolscache.HandlerOptions) (toolscache.ResourceEventHandlerRegistration, error)
	RemoveEventHandler(handle toolscache.ResourceEventHandlerRegistration) error
	HasSynced() bool
}
