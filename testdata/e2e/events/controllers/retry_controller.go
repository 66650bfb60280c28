package controllers

import (
	"context"
	"errors"
	"sync"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// RetryReconciler counts failures per object in memory and gives up after five.
type RetryReconciler struct {
	client.Client
	failures map[types.NamespacedName]int
	limiter  workqueue.TypedRateLimiter[reconcile.Request]
	// watches holds what the process started per object; pruned on deletion.
	watches sync.Map
}

// Reconcile implements reconcile.Reconciler.
func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			r.watches.Delete(req.NamespacedName) // prunes watches: not reported
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	r.watches.Store(req.NamespacedName, cm.ResourceVersion)
	if cm.Data["ready"] != "true" {
		r.failures[req.NamespacedName]++                                          // reported
		if r.failures[req.NamespacedName] > 5 || r.limiter.NumRequeues(req) > 5 { // NumRequeues reported
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, errors.New("not ready")
	}
	return ctrl.Result{}, nil
}
