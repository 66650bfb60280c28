// Package predicate synthesizes package sigs.k8s.io/controller-runtime/pkg/predicate for tests.
package predicate

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

// Predicate filters events on client.Object.
type Predicate = TypedPredicate[client.Object]

// TypedPredicate filters events.
type TypedPredicate[object any] interface {
	Create(event.TypedCreateEvent[object]) bool
	Delete(event.TypedDeleteEvent[object]) bool
	Update(event.TypedUpdateEvent[object]) bool
	Generic(event.TypedGenericEvent[object]) bool
}
