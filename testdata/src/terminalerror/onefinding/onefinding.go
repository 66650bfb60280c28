package onefinding

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Each failure branch discards the error of the status write that should record the
// terminal error: one defect each, reported once, by droppederr at the write.
type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["a"] == "" {
		_ = r.Status().Update(ctx, &cm) // one
		return ctrl.Result{}, reconcile.TerminalError(errors.New("a"))
	}
	if cm.Data["b"] == "" {
		r.Status().Update(ctx, &cm) // one
		return ctrl.Result{}, reconcile.TerminalError(errors.New("b"))
	}
	if cm.Data["c"] == "" {
		r.mark(ctx, &cm) // one
		return ctrl.Result{}, reconcile.TerminalError(errors.New("c"))
	}
	var err error
	if cm.Data["d"] == "" {
		err = r.Status().Update(ctx, &cm) // one
		err = errors.New("d")
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	return ctrl.Result{}, nil
}

func (r *R) mark(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Status().Update(ctx, cm)
}
