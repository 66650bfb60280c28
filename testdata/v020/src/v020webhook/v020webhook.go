// Package v020webhook has webhooks written against the admission API of controller-runtime
// v0.20 and older, where CustomValidator and CustomDefaulter are not aliases.
package v020webhook

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// StoreValidator is asserted to be a CustomValidator, as external-secrets does.
type StoreValidator struct{}

var _ admission.CustomValidator = &StoreValidator{}

func (*StoreValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateCreate:"webhook validator"
	return nil, nil
}

func (*StoreValidator) ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) { // want ValidateUpdate:"webhook validator"
	return nil, nil
}

func (*StoreValidator) ValidateDelete(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateDelete:"webhook validator"
	return nil, nil
}

// Defaults is given as a CustomDefaulter.
type Defaults struct{}

func (Defaults) Default(ctx context.Context, obj runtime.Object) error { return nil } // want Default:"webhook defaulter"

// Register hands the defaulter over.
func Register(use func(admission.CustomDefaulter)) { use(Defaults{}) }

// LookAlike has the methods but is never used as a validator: not an entry point.
type LookAlike struct{}

func (LookAlike) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (LookAlike) Default(ctx context.Context, obj runtime.Object) error { return nil }
