package helperwrites

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

// The entry point records every error of its sub-reconciler in the status, so a
// terminal error created in the sub-reconciler is not reported there.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.validate(&cm); err != nil {
		cm.Data["error"] = err.Error()
		if uerr := r.Status().Update(ctx, &cm); uerr != nil {
			return ctrl.Result{}, uerr
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *R) validate(cm *corev1.ConfigMap) error {
	if cm.Data["spec"] == "" {
		return reconcile.TerminalError(errors.New("empty spec"))
	}
	return nil
}
