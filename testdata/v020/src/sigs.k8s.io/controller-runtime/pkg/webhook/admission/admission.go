// Package admission is a minimal stand-in for controller-runtime's admission package as
// it was up to v0.20: CustomValidator and CustomDefaulter were interfaces of their own,
// before the generic Validator[T] and Defaulter[T] made them aliases.
package admission

import "context"

// Object stands in for runtime.Object.
type Object interface{ GetName() string }

// Warnings are returned to the API client.
type Warnings []string

// CustomValidator validates objects of a kind.
type CustomValidator interface {
	ValidateCreate(ctx context.Context, obj Object) (Warnings, error)
	ValidateUpdate(ctx context.Context, oldObj, newObj Object) (Warnings, error)
	ValidateDelete(ctx context.Context, obj Object) (Warnings, error)
}

// CustomDefaulter sets defaults on objects of a kind.
type CustomDefaulter interface {
	Default(ctx context.Context, obj Object) error
}

// Request stands in for an admission request.
type Request struct{}

// Response stands in for an admission response.
type Response struct{}

// Handler handles admission requests.
type Handler interface {
	Handle(ctx context.Context, req Request) Response
}
