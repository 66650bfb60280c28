package noconflict

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, obj) // not reported with Conflict: false
	})
	for err != nil {
		err = r.Update(ctx, obj) // want `the loop re-runs r.Update after it fails`
	}
	return ctrl.Result{}, nil
}
