package basic

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Pointer receiver, ctrl aliases.
type PtrReconciler struct{ client.Client }

func (r *PtrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"reconciler"
	return ctrl.Result{}, nil
}

// Value receiver, reconcile package names.
type ValueReconciler struct{}

func (r ValueReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

// Typed request of a TypedReconciler[R].
type ClusterRequest struct{ Name, Cluster string }

type TypedReconciler struct{}

func (TypedReconciler) Reconcile(_ context.Context, req ClusterRequest) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

// Pre-v0.7 signature without a context.
type OldReconciler struct{}

func (r *OldReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

// Generic reconciler.
type GenericReconciler[T any] struct{ v T }

func (g *GenericReconciler[T]) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"reconciler"
	return reconcile.Result{}, nil
}

// Look-alikes that are not entry points.

type WrongResults struct{}

func (WrongResults) Reconcile(ctx context.Context, req reconcile.Request) error { return nil }

type ExtraParam struct{}

func (ExtraParam) Reconcile(ctx context.Context, req reconcile.Request, dryRun bool) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

type OldButNotRequest struct{}

func (OldButNotRequest) Reconcile(name string) (reconcile.Result, error) { return reconcile.Result{}, nil }

type NotContext struct{}

func (NotContext) Reconcile(s string, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// A function named Reconcile is not a method.
func Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}
