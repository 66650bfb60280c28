// Package source synthesizes package sigs.k8s.io/controller-runtime/pkg/source for tests.
package source

import (
	"context"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Source produces reconcile.Requests.
type Source = TypedSource[reconcile.Request]

// TypedSource produces requests.
type TypedSource[request comparable] interface {
	Start(context.Context, workqueue.TypedRateLimitingInterface[request]) error
}

// SyncingSource is a Source that can wait for sync.
type SyncingSource = TypedSyncingSource[reconcile.Request]

// TypedSyncingSource is a TypedSource that can wait for sync.
type TypedSyncingSource[request comparable] interface {
	TypedSource[request]
	WaitForSync(ctx context.Context) error
}

// Kind is a stub.
func Kind[object client.Object](
	cache cache.Cache,
	obj object,
	handler handler.TypedEventHandler[object, reconcile.Request],
	predicates ...predicate.TypedPredicate[object],
) SyncingSource {
	return nil
}

// TypedKind is a stub.
func TypedKind[object client.Object, request comparable](
	cache cache.Cache,
	obj object,
	handler handler.TypedEventHandler[object, request],
	predicates ...predicate.TypedPredicate[object],
) TypedSyncingSource[request] {
	return nil
}

// Func adapts a function to Source.
type Func = TypedFunc[reconcile.Request]

// TypedFunc adapts a function to TypedSource.
type TypedFunc[request comparable] func(context.Context, workqueue.TypedRateLimitingInterface[request]) error
