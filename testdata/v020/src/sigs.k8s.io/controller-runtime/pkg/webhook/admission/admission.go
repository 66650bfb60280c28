// Package admission synthesizes package sigs.k8s.io/controller-runtime/pkg/webhook/admission for tests.
package admission

// The admission API as it was up to v0.20 (checked against v0.20.4): CustomValidator and
// CustomDefaulter were interfaces of their own, before the generic Validator[T] and
// Defaulter[T] made them aliases.

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
)

// Warnings are returned to the API client.
type Warnings []string

// CustomValidator validates objects of a kind.
type CustomValidator interface {
	ValidateCreate(ctx context.Context, obj runtime.Object) (warnings Warnings, err error)
	ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (warnings Warnings, err error)
	ValidateDelete(ctx context.Context, obj runtime.Object) (warnings Warnings, err error)
}

// CustomDefaulter sets defaults on objects of a kind.
type CustomDefaulter interface {
	Default(ctx context.Context, obj runtime.Object) error
}

// Request is an admission request (its fields are left out).
type Request struct{}

// Response is an admission response (its fields are left out).
type Response struct{}

// Handler handles admission requests.
type Handler interface {
	Handle(context.Context, Request) Response
}
