// Package event synthesizes package sigs.k8s.io/controller-runtime/pkg/event for tests.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

// Untyped events.
type (
	CreateEvent  = TypedCreateEvent[client.Object]
	UpdateEvent  = TypedUpdateEvent[client.Object]
	DeleteEvent  = TypedDeleteEvent[client.Object]
	GenericEvent = TypedGenericEvent[client.Object]
)

// TypedCreateEvent reports a created object.
type TypedCreateEvent[object any] struct {
	Object          object
	IsInInitialList bool
}

// TypedUpdateEvent reports an updated object.
type TypedUpdateEvent[object any] struct {
	ObjectOld object
	ObjectNew object
}

// TypedDeleteEvent reports a deleted object.
type TypedDeleteEvent[object any] struct {
	Object             object
	DeleteStateUnknown bool
}

// TypedGenericEvent reports an external event.
type TypedGenericEvent[object any] struct {
	Object object
}
