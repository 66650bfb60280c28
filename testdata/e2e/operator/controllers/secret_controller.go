package controllers

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// NewSecretReconciler returns a function reconciler; its waits are fine because they are
// on other goroutines or are conflict retries that re-read through the API reader (live).
func NewSecretReconciler(c client.Client, live client.Reader) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var s corev1.Secret
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			if err := live.Get(ctx, req.NamespacedName, &s); err != nil {
				return client.IgnoreNotFound(err)
			}
			return c.Update(ctx, &s)
		})
		go func() {
			time.Sleep(time.Second)
		}()
		if err != nil {
			return ctrl.Result{}, err
		}
		t := time.NewTimer(time.Second)
		<-t.C //reconcilelint:ignore sleep the fake registry in this example needs a second
		return ctrl.Result{RequeueAfter: 5 * time.Minute}, nil
	})
}
