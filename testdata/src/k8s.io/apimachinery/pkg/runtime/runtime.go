// Package runtime synthesizes package k8s.io/apimachinery/pkg/runtime for tests.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Object is an API object.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

// ApplyConfiguration marks the root of an apply configuration.
type ApplyConfiguration interface {
	IsApplyConfiguration()
}

// Scheme maps Go types to kinds.
type Scheme struct{}

// NewScheme returns an empty Scheme.
func NewScheme() *Scheme { return &Scheme{} }

// AddKnownTypes is a stub.
func (s *Scheme) AddKnownTypes(gv schema.GroupVersion, types ...Object) {}

// ObjectKinds is a stub.
func (s *Scheme) ObjectKinds(obj Object) ([]schema.GroupVersionKind, bool, error) {
	return nil, false, nil
}
