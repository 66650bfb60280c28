package xpkg

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"retryloop/xpkg/kube"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.ensure(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := kube.UpdateWithAttempts(ctx, r.Client, cm); err != nil { // want `^the loop in kube.UpdateWithAttempts re-runs c.Update after it fails: the retry holds the reconcile worker and bypasses the per-object backoff of the queue; return the error instead \(Reconcile → kube.UpdateWithAttempts\)$`
		return ctrl.Result{}, err
	}
	// Item loops and single calls in the helper package: not reported.
	if err := kube.CreateReplicas(ctx, r.Client, 3); err != nil {
		return ctrl.Result{}, err
	}
	if err := kube.CreateAll(ctx, r.Client, nil); err != nil {
		return ctrl.Result{}, err
	}
	if err := kube.Once(ctx, r.Client, cm); err != nil {
		return ctrl.Result{}, err
	}
	// On another goroutine the loop holds no worker.
	go func() { _ = kube.EnsureConfig(context.WithoutCancel(ctx), r.Client, cm) }()
	return ctrl.Result{}, nil
}

func (r *R) ensure(ctx context.Context, cm *corev1.ConfigMap) error {
	return kube.EnsureConfig(ctx, r.Client, cm) // want `^the loop in kube.create re-runs c.Create after it fails: .* \(Reconcile → ensure → kube.EnsureConfig → kube.create\)$`
}

// SetupWithManager is not a reconcile path: the helper's loop is not reported here.
func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	_ = kube.EnsureConfig(context.Background(), r.Client, &corev1.ConfigMap{})
	return nil
}
