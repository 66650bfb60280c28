package negative

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"errpaths/api"
)

var ErrNotReady = errors.New("not ready")

type Vault interface {
	Read(ctx context.Context, path string) (string, error)
}

type R struct {
	client.Client
	Vault Vault
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// The error is returned, wrapped.
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{}, fmt.Errorf("updating the app: %w", err)
	}
	// A RequeueAfter after a successful readiness check: a wait, not a failure.
	if !app.Status.Ready {
		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
	}
	// A dependency that will appear: IsNotFound, a specific "not yet".
	var secret api.App
	if err := r.Get(ctx, client.ObjectKey{Name: app.Spec.Image}, &secret); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	// A conflict: requeue soon.
	if err := r.Status().Update(ctx, &app); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{RequeueAfter: time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	// errors.Is with a sentinel.
	if _, err := r.Vault.Read(ctx, app.Spec.Endpoint); errors.Is(err, ErrNotReady) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	} else if err != nil {
		return ctrl.Result{}, err
	}
	// Compared with a sentinel.
	if _, err := r.Vault.Read(ctx, "b"); err != nil {
		if err == ErrNotReady {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		return ctrl.Result{}, err
	}
	// errors.As.
	if _, err := r.Vault.Read(ctx, "c"); err != nil {
		var pending *PendingError
		if errors.As(err, &pending) {
			return ctrl.Result{RequeueAfter: pending.After}, nil
		}
		return ctrl.Result{}, err
	}
	// A predicate of the module.
	if err := r.Delete(ctx, &app); err != nil && isRetryable(err) {
		return ctrl.Result{RequeueAfter: 2 * time.Second}, nil
	}
	// The nil side of a filter: the filtered kind.
	if err := r.Delete(ctx, &secret); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return ctrl.Result{RequeueAfter: 3 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	// Recorded in a status condition, written, then polled.
	if err := r.Update(ctx, &secret); err != nil {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse,
			Reason: "UpdateFailed", Message: err.Error(), ObservedGeneration: app.Generation})
		if err := r.Status().Update(ctx, &app); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	// Recorded in a status field (a deferred patch writes it).
	if err := r.Patch(ctx, &secret, client.Merge); err != nil {
		app.Status.Message = err.Error()
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	// Handed to a helper that records it.
	if err := r.Update(ctx, &app); err != nil {
		r.setFailed(&app, err)
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	// A helper that signals a wait with a fresh error.
	if err := r.waitForEndpoint(&app); err != nil {
		log.FromContext(ctx).Info("waiting", "reason", err)
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	// The error is returned with the RequeueAfter: resulterr's finding.
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, err
	}
	// A zero Result after a logged error: droppederr's finding.
	if err := r.Update(ctx, &app); err != nil {
		log.FromContext(ctx).Error(err, "update")
		return ctrl.Result{}, nil
	}
	// A terminal error.
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	// Requeue: true backs off through the rate limiter (requeue's finding).
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{Requeue: true}, nil
	}
	// A Result from a call is judged where it is built.
	if err := r.Update(ctx, &app); err != nil {
		return r.later(), nil
	}
	// Requeue after a success: a return reached from both sides.
	err := r.Update(ctx, &app)
	if err != nil {
		log.FromContext(ctx).Error(err, "update")
	}
	return ctrl.Result{RequeueAfter: time.Hour}, nil
}

type PendingError struct{ After time.Duration }

func (e *PendingError) Error() string { return "pending" }

func isRetryable(err error) bool { return false }

func (r *R) setFailed(app *api.App, err error) {
	app.Status.Phase = "Failed"
	app.Status.Message = err.Error()
}

func (r *R) waitForEndpoint(app *api.App) error {
	if app.Spec.Endpoint == "" {
		return errors.New("no endpoint yet")
	}
	if !app.Status.Ready {
		return fmt.Errorf("app %s not ready", app.Name)
	}
	return nil
}

func (r *R) later() ctrl.Result { return ctrl.Result{RequeueAfter: time.Minute} }

// Not reached from an entry point.
func unreached(ctx context.Context, c client.Client, app *api.App) (ctrl.Result, error) {
	if err := c.Update(ctx, app); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

// A webhook-style function that is not a reconcile path.
func helper(ctx context.Context, c client.Client, app *api.App) (ctrl.Result, error) {
	if err := c.Update(ctx, app); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

// The success side of err == nil with no else: the code after the if runs on both.
type S struct{ client.Client }

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := s.Get(ctx, req.NamespacedName, &app); err == nil {
		app.Status.Ready = true
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// A readiness check of another component: a method named IsX whose only result is an
// error says "not X" with it, and polling until it passes is a wait.
type instance interface {
	IsReady() error
	IsDBUp(ctx context.Context) error
}

type P struct {
	client.Client
	inst instance
}

func (p *P) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := p.inst.IsReady(); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	if p.inst.IsDBUp(ctx) != nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return ctrl.Result{}, nil
}
