package basic

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"errpaths/api"
)

type Cloud interface {
	EnsureLoadBalancer(ctx context.Context, name string) error
}

type R struct {
	client.Client
	Cloud    Cloud
	interval time.Duration
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Logged, then a fixed poll: the book's pitfall.
	if err := r.Status().Update(ctx, &app); err != nil {
		log.FromContext(ctx).Error(err, "unable to update status")
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil // want `the error of r.Status\(\).Update is not returned: RequeueAfter with a nil error polls every 30s with no backoff, and the failure never counts in controller_runtime_reconcile_errors_total`
	}
	// Swallowed without a log.
	if err := r.Cloud.EnsureLoadBalancer(ctx, app.Name); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `the error of r.Cloud.EnsureLoadBalancer is not returned: RequeueAfter with a nil error polls every 1m0s`
	}
	// A non-constant interval.
	if err := r.ensure(ctx, &app); err != nil {
		return ctrl.Result{RequeueAfter: r.interval}, nil // want `the error of r.ensure is not returned: RequeueAfter with a nil error polls at a fixed interval`
	}
	// The other errors after a NotFound test: a failure.
	if err := r.Get(ctx, client.ObjectKey{Name: app.Spec.Image}, &app); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
		log.FromContext(ctx).Info("failed to get the image", "error", err)
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `the error of r.Get is not returned`
	}
	// A filter compared with nil: the non-nil side is every other error.
	if err := r.Delete(ctx, &app); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil // want `the error of r.Delete is not returned`
	}
	// The else of err == nil.
	err := r.Update(ctx, &app)
	if err == nil {
		return ctrl.Result{}, nil
	} else {
		log.FromContext(ctx).Error(err, "update")
		return ctrl.Result{RequeueAfter: time.Second}, nil // want `the error of r.Update is not returned`
	}
}

// A sub-reconciler: the Result with its nil error becomes the entry point's.
func (r *R) ensure(ctx context.Context, app *api.App) error {
	return r.Update(ctx, app)
}

type S struct {
	client.Client
	scope *Scope
}

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := s.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return s.reconcileNormal(ctx, &app)
}

func (s *S) reconcileNormal(ctx context.Context, app *api.App) (ctrl.Result, error) {
	result := ctrl.Result{RequeueAfter: 20 * time.Second}
	if err := s.Update(ctx, app); err != nil {
		// Formatted into the log line only.
		log.FromContext(ctx).Info(fmt.Sprintf("update failed: %v", err))
		return result, nil // want `the error of s.Update is not returned: RequeueAfter with a nil error polls every 20s`
	}
	// A scope that wraps a logger, as cluster-api providers have: still only logged.
	if err := s.Delete(ctx, app); err != nil {
		s.scope.Error(err, "failed to delete")
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `the error of s.Delete is not returned`
	}
	return ctrl.Result{}, nil
}

// Scope wraps a logger.
type Scope struct{}

func (*Scope) Error(err error, msg string, keysAndValues ...any) {}

// Near misses of a readiness check: not a predicate by its name (Isolate), or a
// predicate name with more results than the error.
type node interface {
	Isolate(ctx context.Context) error
	IsHealthy(ctx context.Context) (bool, error)
}

type N struct {
	client.Client
	node node
}

func (n *N) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := n.node.Isolate(ctx); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil // want `the error of n.node.Isolate is not returned`
	}
	if _, err := n.node.IsHealthy(ctx); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil // want `the error of n.node.IsHealthy is not returned`
	}
	return ctrl.Result{}, nil
}
