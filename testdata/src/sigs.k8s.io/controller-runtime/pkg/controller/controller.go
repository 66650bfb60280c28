// Package controller synthesizes package sigs.k8s.io/controller-runtime/pkg/controller for tests.
package controller

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Options configures a Controller.
type Options = TypedOptions[reconcile.Request]

// TypedOptions configures a TypedController (subset of fields).
type TypedOptions[request comparable] struct {
	MaxConcurrentReconciles int
	CacheSyncTimeout        time.Duration
	RecoverPanic            *bool
	NeedLeaderElection      *bool
	Reconciler              reconcile.TypedReconciler[request]
	RateLimiter             workqueue.TypedRateLimiter[request]
	NewQueue                func(controllerName string, rateLimiter workqueue.TypedRateLimiter[request]) workqueue.TypedRateLimitingInterface[request]
	Logger                  logr.Logger
	LogConstructor          func(request *request) logr.Logger
	UsePriorityQueue        *bool
	ReconciliationTimeout   time.Duration
}

// Controller reconciles reconcile.Requests.
type Controller = TypedController[reconcile.Request]

// TypedController reconciles requests from its sources.
type TypedController[request comparable] interface {
	reconcile.TypedReconciler[request]
	Watch(src source.TypedSource[request]) error
	Start(ctx context.Context) error
	GetLogger() logr.Logger
}

// New is a stub.
func New(name string, mgr manager.Manager, options Options) (Controller, error) { return nil, nil }

// NewTyped is a stub.
func NewTyped[request comparable](name string, mgr manager.Manager, options TypedOptions[request]) (TypedController[request], error) {
	return nil, nil
}

// NewUnmanaged is a stub.
func NewUnmanaged(name string, options Options) (Controller, error) { return nil, nil }

// NewTypedUnmanaged is a stub.
func NewTypedUnmanaged[request comparable](name string, options TypedOptions[request]) (TypedController[request], error) {
	return nil, nil
}
