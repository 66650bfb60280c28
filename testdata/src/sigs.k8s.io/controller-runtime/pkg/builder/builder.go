// Package builder synthesizes package sigs.k8s.io/controller-runtime/pkg/builder for tests.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Builder builds a controller for reconcile.Request.
type Builder = TypedBuilder[reconcile.Request]

// TypedBuilder builds a controller.
type TypedBuilder[request comparable] struct{}

// ControllerManagedBy returns a Builder.
func ControllerManagedBy(m manager.Manager) *Builder { return &Builder{} }

// TypedControllerManagedBy returns a TypedBuilder.
func TypedControllerManagedBy[request comparable](m manager.Manager) *TypedBuilder[request] {
	return &TypedBuilder[request]{}
}

// ForInput holds For options.
type ForInput struct{}

// ForOption configures For.
type ForOption interface {
	ApplyToFor(*ForInput)
}

// OwnsInput holds Owns options.
type OwnsInput struct{}

// OwnsOption configures Owns.
type OwnsOption interface {
	ApplyToOwns(*OwnsInput)
}

// For is a stub.
func (blder *TypedBuilder[request]) For(object client.Object, opts ...ForOption) *TypedBuilder[request] {
	return blder
}

// Owns is a stub.
func (blder *TypedBuilder[request]) Owns(object client.Object, opts ...OwnsOption) *TypedBuilder[request] {
	return blder
}

// Named is a stub.
func (blder *TypedBuilder[request]) Named(name string) *TypedBuilder[request] { return blder }

// Complete is a stub.
func (blder *TypedBuilder[request]) Complete(r reconcile.TypedReconciler[request]) error { return nil }

// WatchesOption configures Watches.
type WatchesOption interface {
	ApplyToWatches(untypedWatchesInput)
}

type untypedWatchesInput interface{}

// Watches is a stub.
func (blder *TypedBuilder[request]) Watches(
	object client.Object,
	eventHandler handler.TypedEventHandler[client.Object, request],
	opts ...WatchesOption,
) *TypedBuilder[request] {
	return blder
}

// WatchesRawSource is a stub.
func (blder *TypedBuilder[request]) WatchesRawSource(src source.TypedSource[request]) *TypedBuilder[request] {
	return blder
}

// WithEventFilter is a stub.
func (blder *TypedBuilder[request]) WithEventFilter(p predicate.Predicate) *TypedBuilder[request] {
	return blder
}

// WithOptions is a stub.
func (blder *TypedBuilder[request]) WithOptions(options controller.TypedOptions[request]) *TypedBuilder[request] {
	return blder
}

// Build is a stub.
func (blder *TypedBuilder[request]) Build(r reconcile.TypedReconciler[request]) (controller.TypedController[request], error) {
	return nil, nil
}

// Predicates filters the events of For, Owns and Watches.
type Predicates struct {
	predicates []predicate.Predicate
}

// WithPredicates sets the predicates of For, Owns or Watches.
func WithPredicates(predicates ...predicate.Predicate) Predicates {
	return Predicates{predicates: predicates}
}

// ApplyToFor is a stub.
func (w Predicates) ApplyToFor(opts *ForInput) {}

// ApplyToOwns is a stub.
func (w Predicates) ApplyToOwns(opts *OwnsInput) {}

// ApplyToWatches is a stub.
func (w Predicates) ApplyToWatches(opts untypedWatchesInput) {}
