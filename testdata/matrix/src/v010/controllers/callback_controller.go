package controllers

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// CallbackReconciler builds an event handler whose map function waits: the map
// function runs later on the informer's goroutine, so its wait is not a sleep finding.
// Before v0.15 MapFunc takes no ctx.
type CallbackReconciler struct {
	Handler handler.EventHandler
}

// Reconcile implements reconcile.Reconciler.
func (r *CallbackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.Handler = handler.EnqueueRequestsFromMapFunc(r.requestsFor)
	return ctrl.Result{}, nil
}

func (r *CallbackReconciler) requestsFor(client.Object) []reconcile.Request {
	time.Sleep(time.Second)
	return nil
}
