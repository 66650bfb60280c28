// Package errors synthesizes package k8s.io/apimachinery/pkg/api/errors for tests.
package errors

import "k8s.io/apimachinery/pkg/runtime/schema"

// StatusError is an API error.
type StatusError struct{}

// Error is a stub.
func (e *StatusError) Error() string { return "stub" }

// NewNotFound is a stub.
func NewNotFound(qualifiedResource schema.GroupResource, name string) *StatusError {
	return &StatusError{}
}

// NewAlreadyExists is a stub.
func NewAlreadyExists(qualifiedResource schema.GroupResource, name string) *StatusError {
	return &StatusError{}
}

// NewConflict is a stub.
func NewConflict(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return &StatusError{}
}

// IsNotFound is a stub.
func IsNotFound(err error) bool { return false }

// IsAlreadyExists is a stub.
func IsAlreadyExists(err error) bool { return false }

// IsConflict is a stub.
func IsConflict(err error) bool { return false }
