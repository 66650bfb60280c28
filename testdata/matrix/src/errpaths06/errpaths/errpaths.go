// Package errpaths holds the error-path shapes for controller-runtime v0.6, whose
// Reconcile has no ctx and which has no reconcile.TerminalError.
package errpaths

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodReconciler reconciles Pods.
type PodReconciler struct {
	client.Client
}

func (r *PodReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	ctx := context.Background()
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(pod.Spec.Containers) == 0 {
		return ctrl.Result{}, errors.New("a pod needs a container")
	}
	if err := r.Update(ctx, &pod); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, err
	}
	if err := r.Status().Update(ctx, &pod); err != nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}
