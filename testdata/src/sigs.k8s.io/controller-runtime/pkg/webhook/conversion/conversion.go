// Package conversion synthesizes package sigs.k8s.io/controller-runtime/pkg/webhook/conversion for tests.
package conversion

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Converter converts between versions of a kind.
type Converter interface {
	ConvertObject(ctx context.Context, src, dst runtime.Object) error
}

// SpokeConverter converts one spoke version to and from the hub.
type SpokeConverter[hubObject runtime.Object] interface {
	GetSpoke() runtime.Object
	ConvertHubToSpoke(ctx context.Context, hub hubObject, spoke runtime.Object) error
	ConvertSpokeToHub(ctx context.Context, spoke runtime.Object, hub hubObject) error
}

// NewSpokeConverter is a stub.
func NewSpokeConverter[hubObject, spokeObject client.Object](
	spoke spokeObject,
	convertHubToSpokeFunc func(ctx context.Context, src hubObject, dst spokeObject) error,
	convertSpokeToHubFunc func(ctx context.Context, src spokeObject, dst hubObject) error,
) SpokeConverter[hubObject] {
	return nil
}

// NewHubSpokeConverter is a stub.
func NewHubSpokeConverter[hubObject runtime.Object](hub hubObject, spokeConverter ...SpokeConverter[hubObject]) func(scheme *runtime.Scheme) (Converter, error) {
	return nil
}
