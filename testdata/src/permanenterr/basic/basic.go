package basic

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"errpaths/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	child := &api.App{}
	if err := r.Create(ctx, child); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, fmt.Errorf("the child is invalid: %w", err) // want `apierrors.IsInvalid recognises an invalid object \(422\): the error is permanent for this input and returned plain it is retried forever, backing off up to about 16 minutes, with nothing on the object to say why; return reconcile.TerminalError\(err\) and record the reason in a status condition`
		}
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, child, client.Merge); err != nil {
		switch {
		case apierrors.IsBadRequest(err), apierrors.IsUnsupportedMediaType(err):
			return ctrl.Result{}, err // want `apierrors.IsBadRequest recognises a bad request \(400\)` `apierrors.IsUnsupportedMediaType recognises`
		case apierrors.IsConflict(err):
			return ctrl.Result{Requeue: true}, nil
		}
		return ctrl.Result{}, err
	}
	// Recorded in a condition, but still retried forever.
	if err := r.Update(ctx, child); err != nil {
		if apierrors.IsRequestEntityTooLargeError(err) {
			meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse,
				Reason: "TooLarge", Message: err.Error(), ObservedGeneration: app.Generation})
			_ = r.Status().Update(ctx, &app)
			return ctrl.Result{}, err // want `apierrors.IsRequestEntityTooLargeError recognises an object too large \(413\): the error is permanent for this input and returned plain it is retried forever, backing off up to about 16 minutes; return`
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.apply(ctx, child)
}

// A helper whose error the reconcile returns.
func (r *R) apply(ctx context.Context, obj *api.App) error {
	err := r.Update(ctx, obj)
	if apierrors.IsInvalid(err) {
		return err // want `apierrors.IsInvalid recognises an invalid object`
	}
	return nil
}
