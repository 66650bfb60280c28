// Package handler synthesizes package sigs.k8s.io/controller-runtime/pkg/handler for tests.
package handler

import (
	"context"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// EventHandler enqueues reconcile.Requests for client.Object events.
type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

// TypedEventHandler turns events into requests.
type TypedEventHandler[object any, request comparable] interface {
	Create(context.Context, event.TypedCreateEvent[object], workqueue.TypedRateLimitingInterface[request])
	Update(context.Context, event.TypedUpdateEvent[object], workqueue.TypedRateLimitingInterface[request])
	Delete(context.Context, event.TypedDeleteEvent[object], workqueue.TypedRateLimitingInterface[request])
	Generic(context.Context, event.TypedGenericEvent[object], workqueue.TypedRateLimitingInterface[request])
}

// EnqueueRequestForObject enqueues the event's object.
type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

// TypedEnqueueRequestForObject enqueues the event's object.
type TypedEnqueueRequestForObject[object client.Object] struct{}

// Create is a stub.
func (e *TypedEnqueueRequestForObject[T]) Create(ctx context.Context, evt event.TypedCreateEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// Update is a stub.
func (e *TypedEnqueueRequestForObject[T]) Update(ctx context.Context, evt event.TypedUpdateEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// Delete is a stub.
func (e *TypedEnqueueRequestForObject[T]) Delete(ctx context.Context, evt event.TypedDeleteEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// Generic is a stub.
func (e *TypedEnqueueRequestForObject[T]) Generic(ctx context.Context, evt event.TypedGenericEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// MapFunc maps an object to requests.
type MapFunc = TypedMapFunc[client.Object, reconcile.Request]

// TypedMapFunc maps an object to requests.
type TypedMapFunc[object any, request comparable] func(context.Context, object) []request

// EnqueueRequestsFromMapFunc is a stub.
func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler { return nil }

// TypedEnqueueRequestsFromMapFunc is a stub.
func TypedEnqueueRequestsFromMapFunc[object any, request comparable](fn TypedMapFunc[object, request]) TypedEventHandler[object, request] {
	return nil
}

// Funcs is TypedFuncs on client.Object.
type Funcs = TypedFuncs[client.Object, reconcile.Request]

// TypedFuncs implements TypedEventHandler with optional functions.
type TypedFuncs[object any, request comparable] struct {
	CreateFunc  func(context.Context, event.TypedCreateEvent[object], workqueue.TypedRateLimitingInterface[request])
	UpdateFunc  func(context.Context, event.TypedUpdateEvent[object], workqueue.TypedRateLimitingInterface[request])
	DeleteFunc  func(context.Context, event.TypedDeleteEvent[object], workqueue.TypedRateLimitingInterface[request])
	GenericFunc func(context.Context, event.TypedGenericEvent[object], workqueue.TypedRateLimitingInterface[request])
}

// Create is a stub.
func (h TypedFuncs[object, request]) Create(ctx context.Context, e event.TypedCreateEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

// Update is a stub.
func (h TypedFuncs[object, request]) Update(ctx context.Context, e event.TypedUpdateEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

// Delete is a stub.
func (h TypedFuncs[object, request]) Delete(ctx context.Context, e event.TypedDeleteEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

// Generic is a stub.
func (h TypedFuncs[object, request]) Generic(ctx context.Context, e event.TypedGenericEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}
