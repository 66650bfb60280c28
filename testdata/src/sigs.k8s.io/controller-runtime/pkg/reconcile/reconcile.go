// Package reconcile synthesizes package sigs.k8s.io/controller-runtime/pkg/reconcile for tests.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Result tells the controller whether and when to requeue.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
	Priority     *int
}

// IsZero reports whether r is the zero Result.
func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

// Request names the object to reconcile.
type Request struct {
	types.NamespacedName
}

// Reconciler reconciles a Request.
type Reconciler = TypedReconciler[Request]

// TypedReconciler reconciles a request of any comparable type.
type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

// Func adapts a function to Reconciler.
type Func = TypedFunc[Request]

// TypedFunc adapts a function to TypedReconciler.
type TypedFunc[request comparable] func(context.Context, request) (Result, error)

// Reconcile calls r.
func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

// ObjectReconciler reconciles a fetched object.
type ObjectReconciler[object client.Object] interface {
	Reconcile(context.Context, object) (Result, error)
}

// AsReconciler is a stub.
func AsReconciler[object client.Object](client client.Client, rec ObjectReconciler[object]) Reconciler {
	panic("stub")
}

// TerminalError marks err as not worth retrying.
func TerminalError(wrapped error) error { return wrapped }
