// Package priority holds a reconciler that sets Result.Priority, which exists from
// controller-runtime v0.23 on.
package priority

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodReconciler reconciles Pods.
type PodReconciler struct{ client.Client }

func prio(n int) *int { return &n }

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{Priority: prio(10)}, client.IgnoreNotFound(err)
	}
	if pod.Spec.Priority != nil && *pod.Spec.Priority > 1000 {
		return ctrl.Result{Priority: prio(100)}, nil
	}
	return ctrl.Result{RequeueAfter: time.Minute, Priority: prio(1)}, nil
}
