// Package admission synthesizes package sigs.k8s.io/controller-runtime/pkg/webhook/admission for tests.
package admission

import (
	"context"
	"net/http"

	"k8s.io/apimachinery/pkg/runtime"
)

// Request is an admission request (its fields are left out).
type Request struct{}

// Response is an admission response (its fields are left out).
type Response struct{}

// Handler handles admission requests.
type Handler interface {
	Handle(context.Context, Request) Response
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(context.Context, Request) Response

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, req Request) Response { return f(ctx, req) }

// Webhook serves one admission webhook (subset of fields).
type Webhook struct {
	Handler Handler
}

// Handle is a stub.
func (wh *Webhook) Handle(ctx context.Context, req Request) (response Response) { return Response{} }

// ServeHTTP is a stub.
func (wh *Webhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {}

// Warnings are returned to the client.
type Warnings []string

// Validator validates objects of type T.
type Validator[T runtime.Object] interface {
	ValidateCreate(ctx context.Context, obj T) (warnings Warnings, err error)
	ValidateUpdate(ctx context.Context, oldObj, newObj T) (warnings Warnings, err error)
	ValidateDelete(ctx context.Context, obj T) (warnings Warnings, err error)
}

// CustomValidator validates any object.
type CustomValidator = Validator[runtime.Object]

// WithValidator is a stub.
func WithValidator[T runtime.Object](scheme *runtime.Scheme, validator Validator[T]) *Webhook {
	return &Webhook{}
}

// WithCustomValidator is a stub.
func WithCustomValidator(scheme *runtime.Scheme, obj runtime.Object, validator CustomValidator) *Webhook {
	return &Webhook{}
}

// Defaulter defaults objects of type T.
type Defaulter[T runtime.Object] interface {
	Default(ctx context.Context, obj T) error
}

// CustomDefaulter defaults any object.
type CustomDefaulter = Defaulter[runtime.Object]

type defaulterOptions struct{}

// DefaulterOption configures a defaulting webhook.
type DefaulterOption func(*defaulterOptions)

// WithDefaulter is a stub.
func WithDefaulter[T runtime.Object](scheme *runtime.Scheme, defaulter Defaulter[T], opts ...DefaulterOption) *Webhook {
	return &Webhook{}
}

// WithCustomDefaulter is a stub.
func WithCustomDefaulter(scheme *runtime.Scheme, obj runtime.Object, defaulter CustomDefaulter, opts ...DefaulterOption) *Webhook {
	return &Webhook{}
}

// MultiValidatingHandler is a stub.
func MultiValidatingHandler(handlers ...Handler) Handler { return nil }

// Allowed is a stub.
func Allowed(message string) Response { return Response{} }

// Denied is a stub.
func Denied(message string) Response { return Response{} }

// Errored is a stub.
func Errored(code int32, err error) Response { return Response{} }
