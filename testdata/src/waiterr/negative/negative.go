package negative

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"errpaths/api"
)

type R struct {
	client.Client
	HTTP *http.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// TerminalError for invalid input: what the rule asks for.
	if app.Spec.Size < 0 {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("size must be >= 0"))
	}
	// A wait with RequeueAfter and a nil error.
	if !app.Status.Ready {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	// Wrapped: a failed call's error.
	var pod corev1.Pod
	if err := r.Get(ctx, client.ObjectKey{Name: app.Name}, &pod); err != nil {
		return ctrl.Result{}, fmt.Errorf("getting pod: %w", err)
	}
	// Made fresh after a failed call: it drops the cause, but a call failed.
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, errors.New("updating the pod failed")
	}
	// An error operand without %w.
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{}, fmt.Errorf("update: %v", err)
	}
	// A test of a response, not of an object's state: a failure.
	resp, err := r.HTTP.Get(app.Spec.Endpoint)
	if err != nil {
		return ctrl.Result{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return ctrl.Result{}, fmt.Errorf("endpoint answered %d", resp.StatusCode)
	}
	// Metadata is not state.
	if !controllerutil.ContainsFinalizer(&app, "example.com/cleanup") {
		return ctrl.Result{}, errors.New("finalizer missing")
	}
	if app.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, errors.New("being deleted")
	}
	// A fresh error with a RequeueAfter: resulterr's finding.
	if pod.Status.Phase == corev1.PodPending {
		return ctrl.Result{RequeueAfter: time.Minute}, errors.New("pending")
	}
	// A helper's fresh error that the caller turns into a poll.
	if err := r.waitReady(&pod); err != nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	// A helper's fresh error that the caller drops.
	if err := r.waitReady(&pod); err != nil {
		_ = err
	}
	// A plain-value test.
	if len(app.Name) > 63 {
		return ctrl.Result{}, errors.New("name too long")
	}
	return ctrl.Result{}, nil
}

func (r *R) waitReady(pod *corev1.Pod) error {
	if pod.Status.Phase != corev1.PodRunning {
		return errors.New("not running")
	}
	return nil
}

// Not reached from an entry point.
func unreached(app *api.App) (ctrl.Result, error) {
	if app.Spec.Size < 0 {
		return ctrl.Result{}, errors.New("size must be >= 0")
	}
	return ctrl.Result{}, nil
}

// A search over the spec that finds nothing: the loop's exit guards the error, not a
// state test.
func (r *R) storageVersion(app *api.App) (string, error) {
	for _, c := range app.Status.Conditions {
		if c.Type == "Stored" {
			return c.Reason, nil
		}
	}
	return "", fmt.Errorf("no stored condition on %s", app.Name)
}

type S struct{ client.Client }

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := s.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	v, err := (&R{}).storageVersion(&app)
	if err != nil {
		return ctrl.Result{}, err
	}
	app.Status.Phase = v
	return ctrl.Result{}, nil
}

// Assertions of invariants that defaulting or admission guarantees: the author says the
// state cannot happen, in the message or in a comment above the return.
type A struct{ client.Client }

func (a *A) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := a.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Image == "" {
		return ctrl.Result{}, fmt.Errorf("spec.image of %s is empty, this is unexpected", app.Name)
	}
	if app.Spec.Size < 0 {
		return ctrl.Result{}, errors.New("the size is negative, this should not be allowed")
	}
	if err := a.check(&app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (a *A) check(app *api.App) error {
	switch app.Spec.Endpoint {
	case "http":
		return nil
	case "https":
		return nil
	}
	// This should never happen: the CRD's enum refuses any other value.
	return fmt.Errorf("endpoint %q", app.Spec.Endpoint)
}
