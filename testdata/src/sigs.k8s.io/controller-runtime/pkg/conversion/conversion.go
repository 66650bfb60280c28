// Package conversion synthesizes package sigs.k8s.io/controller-runtime/pkg/conversion for tests.
package conversion

import "k8s.io/apimachinery/pkg/runtime"

// Convertible is a spoke version that converts to and from the hub.
type Convertible interface {
	runtime.Object
	ConvertTo(dst Hub) error
	ConvertFrom(src Hub) error
}

// Hub marks the hub version of a kind.
type Hub interface {
	runtime.Object
	Hub()
}
