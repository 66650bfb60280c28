package negative

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"errpaths/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	child := &api.App{}
	// TerminalError for invalid input.
	if err := r.Create(ctx, child); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("the child is invalid: %w", err))
		}
		return ctrl.Result{}, err
	}
	// Dropped after a log: not retried.
	if err := r.Update(ctx, child); err != nil {
		if apierrors.IsInvalid(err) {
			log.FromContext(ctx).Error(err, "invalid child, giving up")
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	// Forbidden is retried on purpose (RBAC, quota).
	if err := r.Update(ctx, &app); err != nil {
		if apierrors.IsForbidden(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, err
	}
	// The negation: the other errors are returned.
	if err := r.Delete(ctx, child); err != nil && !apierrors.IsInvalid(err) {
		return ctrl.Result{}, err
	}
	// Another error returned under the test.
	if err := r.Update(ctx, child); err != nil {
		if apierrors.IsBadRequest(err) {
			return ctrl.Result{}, fmt.Errorf("the child %s cannot be updated", child.Name)
		}
	}
	return ctrl.Result{}, nil
}

// Not reached from an entry point.
func unreached(ctx context.Context, c client.Client, obj *api.App) error {
	if err := c.Update(ctx, obj); apierrors.IsInvalid(err) {
		return err
	}
	return nil
}

// The true side of a negated test is the join after the if: the invalid error is
// dropped there, and the return after it returns another error.
func (r *R) negated(ctx context.Context, obj *api.App) error {
	err := r.Update(ctx, obj)
	if !apierrors.IsInvalid(err) {
		log.FromContext(ctx).Info("not invalid")
	}
	return err
}

type S struct{ R }

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, s.negated(ctx, &api.App{})
}
