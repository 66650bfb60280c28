package transient

import (
	"context"
	"errors"
	"net"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Permanent failures: terminal is right. The status is written first, so the other
// half of the rule is silent too.
type N struct{ client.Client }

func (r *N) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, &corev1.ConfigMap{}); err != nil {
		if apierrors.IsInvalid(err) || apierrors.IsForbidden(err) {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		return ctrl.Result{}, err
	}
	if err := validate(&cm); err != nil {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	return ctrl.Result{}, nil
}

func validate(cm *corev1.ConfigMap) error {
	if cm.Data["x"] == "" {
		return errors.New("no x")
	}
	return nil
}

// The terminal error is on the other side of the transient test.
type E struct{ client.Client }

func (r *E) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		} else {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
	}
	if err := r.Update(ctx, &cm); err != nil {
		if !apierrors.IsTimeout(err) {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		// Reached by a transient test or by a permanent one: not certainly transient.
		if apierrors.IsConflict(err) || apierrors.IsInvalid(err) {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		return ctrl.Result{}, err
	}
	var ne net.Error
	if err := r.Update(ctx, &cm); errors.As(err, &ne) && !ne.Timeout() {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	if err := r.Update(ctx, &cm); errors.Is(err, context.Canceled) {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	return ctrl.Result{}, nil
}

// The error is replaced between the test and the terminal error.
type A struct{ client.Client }

func (r *A) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	err := r.Update(ctx, &cm)
	if apierrors.IsConflict(err) {
		err = validate(&cm)
		if err != nil {
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
	}
	other := r.Update(ctx, &cm)
	if apierrors.IsConflict(other) {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("spec names an unknown class"))
	}
	// Tested, then the test's answer discarded: the call is not under the test.
	_ = apierrors.IsConflict(err)
	if err != nil {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	return ctrl.Result{}, nil
}
