// Package errpaths holds a reconciler with the error-path shapes (errpoll, waiterr,
// permanenterr, the long conflict retry of sleep, the cached re-read of retryloop) that
// compiles on every release from v0.10 on (Reconcile with a ctx). Its messages differ
// where reconcile.TerminalError exists (v0.15 on) and where it does not.
package errpaths

import (
	"context"
	"errors"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodReconciler reconciles Pods.
type PodReconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(pod.Spec.Containers) == 0 {
		return ctrl.Result{}, errors.New("a pod needs a container")
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{}, fmt.Errorf("pod %s is not running", pod.Name)
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
	slow := wait.Backoff{Steps: 10, Duration: time.Second, Factor: 2}
	if err := retry.OnError(slow, apierrors.IsConflict, func() error {
		if err := r.APIReader.Get(ctx, req.NamespacedName, &pod); err != nil {
			return err
		}
		return r.Update(ctx, &pod)
	}); err != nil {
		return ctrl.Result{}, err
	}
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
			return err
		}
		pod.Labels = map[string]string{"checked": "true"}
		return r.Update(ctx, &pod)
	})
	return ctrl.Result{}, err
}
