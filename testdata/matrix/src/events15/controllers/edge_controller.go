package controllers

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// EdgeReconciler acts in its event callbacks (edgetrigger) and counts attempts per
// object in memory (memstate). From v0.15 the map function takes a ctx.
type EdgeReconciler struct {
	client.Client
	attempts map[types.NamespacedName]int
	updates  int
}

var lastDeleted time.Time

// Reconcile implements reconcile.Reconciler.
func (r *EdgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.attempts[req.NamespacedName]++
	return ctrl.Result{}, nil
}

// Handlers returns the callbacks the controller is built with.
func (r *EdgeReconciler) Handlers() (handler.EventHandler, predicate.Predicate) {
	h := handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		_ = r.Update(ctx, o)
		return nil
	})
	p := predicate.Funcs{
		DeleteFunc: func(e event.DeleteEvent) bool {
			lastDeleted = time.Now()
			return true
		},
	}
	return h, p
}

// Generic makes the reconciler a predicate of its own (Update is the client's).
func (r *EdgeReconciler) Generic(e event.GenericEvent) bool {
	r.updates++
	return true
}
