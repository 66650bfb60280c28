package transient

import (
	"context"
	"errors"
	"fmt"
	"net"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, reconcile.TerminalError(err) // want `^reconcile.TerminalError of an error found transient by apierrors.IsConflict \(line 24\): the controller never retries a terminal error, so a failure that a retry would mend becomes permanent until the next event of the object; return the error itself \(Reconcile\)$`
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		if apierrors.IsTimeout(err) || apierrors.IsServerTimeout(err) {
			return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by apierrors.IsTimeout \(line 30\)`
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		switch {
		case apierrors.IsTooManyRequests(err):
			return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("throttled: %w", err)) // want `found transient by apierrors.IsTooManyRequests`
		case apierrors.IsInternalError(err), apierrors.IsServiceUnavailable(err):
			return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by apierrors.IsInternalError`
		}
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		// Tested negated: the terminal error comes after the early return.
		if !apierrors.IsConflict(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by apierrors.IsConflict`
	}
	return ctrl.Result{}, nil
}

// Deadlines and network timeouts.
type D struct{ client.Client }

func (r *D) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := r.call(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by errors.Is with context.DeadlineExceeded`
	}
	if err == context.DeadlineExceeded {
		return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by a comparison with context.DeadlineExceeded`
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by the Timeout of a net.Error`
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return ctrl.Result{}, reconcile.TerminalError(err) // want `found transient by the Timeout of a net.Error`
	}
	return ctrl.Result{}, err
}

func (r *D) call(ctx context.Context) error { return r.Update(ctx, &corev1.ConfigMap{}) }

// In a helper, and with the status written first: still never retried.
type H struct{ client.Client }

func (r *H) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.apply(ctx, &cm)
}

func (r *H) apply(ctx context.Context, cm *corev1.ConfigMap) error {
	err := r.Update(ctx, cm)
	if apierrors.IsConflict(err) {
		cm.Data["phase"] = "Failed"
		if serr := r.Status().Update(ctx, cm); serr != nil {
			return serr
		}
		return reconcile.TerminalError(err) // want `found transient by apierrors.IsConflict \(line 93\): .* \(Reconcile → apply\)$`
	}
	return err
}

// Other terminal errors of the file keep the import in use after the fix.
var _ = reconcile.TerminalError
