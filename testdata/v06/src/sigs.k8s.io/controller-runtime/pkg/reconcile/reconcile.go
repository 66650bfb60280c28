// Package reconcile synthesizes package sigs.k8s.io/controller-runtime/pkg/reconcile for tests.
package reconcile

// The v0.6 shape: Reconcile takes no context, and Func is not generic.

import (
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// Result is the outcome of a reconcile.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// Request names the object to reconcile.
type Request struct {
	types.NamespacedName
}

// Reconciler is the v0.6 reconciler interface.
type Reconciler interface {
	Reconcile(Request) (Result, error)
}

// Func is a function reconciler of the v0.6 form.
type Func func(Request) (Result, error)

// Reconcile calls r.
func (r Func) Reconcile(o Request) (Result, error) { return r(o) }
