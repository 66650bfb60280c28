// Package predicate synthesizes package sigs.k8s.io/controller-runtime/pkg/predicate for tests.
package predicate

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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

// Funcs is TypedFuncs on client.Object.
type Funcs = TypedFuncs[client.Object]

// TypedFuncs implements TypedPredicate with optional functions.
type TypedFuncs[object any] struct {
	CreateFunc  func(event.TypedCreateEvent[object]) bool
	DeleteFunc  func(event.TypedDeleteEvent[object]) bool
	UpdateFunc  func(event.TypedUpdateEvent[object]) bool
	GenericFunc func(event.TypedGenericEvent[object]) bool
}

// GenerationChangedPredicate drops updates that leave metadata.generation unchanged.
type GenerationChangedPredicate = TypedGenerationChangedPredicate[client.Object]

// TypedGenerationChangedPredicate drops updates that leave metadata.generation unchanged.
type TypedGenerationChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

// Create is a stub.
func (p TypedFuncs[object]) Create(e event.TypedCreateEvent[object]) bool { return true }

// Delete is a stub.
func (p TypedFuncs[object]) Delete(e event.TypedDeleteEvent[object]) bool { return true }

// Update is a stub.
func (p TypedFuncs[object]) Update(e event.TypedUpdateEvent[object]) bool { return true }

// Generic is a stub.
func (p TypedFuncs[object]) Generic(e event.TypedGenericEvent[object]) bool { return true }

// NewPredicateFuncs returns Funcs that apply filter to every event.
func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }

// NewTypedPredicateFuncs returns TypedFuncs that apply filter to every event.
func NewTypedPredicateFuncs[object any](filter func(object object) bool) TypedFuncs[object] {
	return TypedFuncs[object]{}
}
