package controllers

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// CallbackReconciler builds an event handler whose map function waits: the map
// function runs later on the informer's goroutine, not on the reconcile worker, so its
// wait is not a sleep finding. v0.6's EnqueueRequestsFromMapFunc is a struct, its
// function a ToRequestsFunc.
type CallbackReconciler struct {
	Handler handler.EventHandler
}

// Reconcile implements reconcile.Reconciler.
func (r *CallbackReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	r.Handler = &handler.EnqueueRequestsFromMapFunc{ToRequests: handler.ToRequestsFunc(r.requestsFor)}
	return ctrl.Result{}, nil
}

func (r *CallbackReconciler) requestsFor(handler.MapObject) []reconcile.Request {
	time.Sleep(time.Second)
	return nil
}
