package controllers

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/results/internal/patch"
)

// DeferredReconciler patches the status in a defer, through a patch helper of the
// module: the terminal error is recorded. Not reported.
type DeferredReconciler struct{ client.Client }

// Reconcile implements reconcile.Reconciler.
func (r *DeferredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := patch.NewHelper(&cm, r.Client)
	defer func() {
		if err := h.Patch(ctx, &cm); err != nil {
			retErr = errors.Join(retErr, err)
		}
	}()
	if cm.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

// IgnoredReconciler writes the status before the terminal error but ignores the
// write's error: a conflict loses the record, and nothing retries. Reported.
type IgnoredReconciler struct{ client.Client }

// Reconcile implements reconcile.Reconciler.
func (r *IgnoredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["spec"] == "" {
		cm.Data["phase"] = "Failed"
		_ = r.Status().Update(ctx, &cm)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

// HelperReconciler's status helper returns the write's error, and the caller keeps
// only conflicts: every other failure is dropped. Reported at the call.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) updateStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Status().Update(ctx, cm)
}

// Reconcile implements reconcile.Reconciler.
func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.updateStatus(ctx, &cm); apierrors.IsConflict(err) {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return ctrl.Result{}, nil
}
