// Package callerguard stores a fresh value and writes it in helpers whose callers
// decide whether they run.
package callerguard

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"selftrigger/api"
)

// Not reported: the helpers run only when the caller finds something to do.
type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// A serial is reserved only while instances are missing.
	if c.Status.Passes < 3 {
		if _, err := r.reserve(ctx, c); err != nil {
			return ctrl.Result{}, err
		}
	}
	// rotate calls stamp unguarded, but rotate runs only without a token.
	if c.Status.Token == "" {
		return ctrl.Result{}, r.rotate(ctx, c)
	}
	return ctrl.Result{}, nil
}

func (r *R) reserve(ctx context.Context, c *api.Clock) (int64, error) {
	c.Status.Passes++
	return c.Status.Passes, r.Status().Update(ctx, c)
}

func (r *R) rotate(ctx context.Context, c *api.Clock) error {
	return r.stamp(ctx, c)
}

func (r *R) stamp(ctx context.Context, c *api.Clock) error {
	c.Status.LastReconciled = metav1.Now()
	return r.Status().Update(ctx, c)
}

// Reported: one of the helper's callers calls it on every pass.
type Some struct{ client.Client }

func (r *Some) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	if c.Status.Passes < 3 {
		if _, err := r.count(ctx, c); err != nil {
			return ctrl.Result{}, err
		}
	}
	_, err := r.count(ctx, c)
	return ctrl.Result{}, err
}

func (r *Some) count(ctx context.Context, c *api.Clock) (int64, error) {
	c.Status.Passes++
	return c.Status.Passes, r.Status().Update(ctx, c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.Passes, set from an increment at line 68, on every pass without comparing old and new: .* \(Reconcile → count\)$`
}

// Reported: an if that only tests the helper's error guards nothing.
type ErrOnly struct{ client.Client }

func (r *ErrOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.touch(ctx, c); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *ErrOnly) touch(ctx context.Context, c *api.Clock) error {
	c.Status.LastReconciled = metav1.Now()
	return r.Status().Update(ctx, c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line 87, .* \(Reconcile → touch\)$`
}

// Reported: the helper is also used as a value, which may be called on every pass.
type Value struct{ client.Client }

func (r *Value) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	if c.Status.Token == "" {
		if err := r.mark(ctx, c); err != nil {
			return ctrl.Result{}, err
		}
	}
	step := r.mark
	return ctrl.Result{}, step(ctx, c)
}

func (r *Value) mark(ctx context.Context, c *api.Clock) error {
	c.Status.LastReconciled = metav1.Now()
	return r.Status().Update(ctx, c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line 109, .*$`
}

// Reported: an exported helper may have callers in other packages.
type Exported struct{ client.Client }

func (r *Exported) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	if c.Status.Token == "" {
		return ctrl.Result{}, r.Bump(ctx, c)
	}
	return ctrl.Result{}, nil
}

func (r *Exported) Bump(ctx context.Context, c *api.Clock) error {
	c.Status.Passes++
	return r.Status().Update(ctx, c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.Passes, set from an increment at line 128, .*$`
}
