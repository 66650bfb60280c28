// Package controllerutil synthesizes package sigs.k8s.io/controller-runtime/pkg/controller/controllerutil for tests.
package controllerutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// OwnerReferenceOption adjusts an owner reference.
type OwnerReferenceOption func(*metav1.OwnerReference)

// SetControllerReference is a stub.
func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// SetOwnerReference is a stub.
func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// RemoveControllerReference is a stub (controller-runtime v0.16 and later).
func RemoveControllerReference(owner, object metav1.Object, scheme *runtime.Scheme) error {
	return nil
}

// RemoveOwnerReference is a stub (controller-runtime v0.16 and later).
func RemoveOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme) error {
	return nil
}

// OperationResult says what CreateOrUpdate did.
type OperationResult string

// Operation results.
const (
	OperationResultNone              OperationResult = "unchanged"
	OperationResultCreated           OperationResult = "created"
	OperationResultUpdated           OperationResult = "updated"
	OperationResultUpdatedStatus     OperationResult = "updatedStatus"
	OperationResultUpdatedStatusOnly OperationResult = "updatedStatusOnly"
)

// MutateFn mutates the object passed to CreateOrUpdate.
type MutateFn func() error

// CreateOrUpdate is a stub.
func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

// CreateOrPatch is a stub.
func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

// AddFinalizer is a stub.
func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// RemoveFinalizer is a stub.
func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// ContainsFinalizer is a stub.
func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
