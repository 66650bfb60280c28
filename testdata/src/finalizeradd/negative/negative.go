package negative

import (
	"context"

	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"wapi"
)

const fin = "apps.example.com/finalizer"

type R struct{ client.Client }

// The kubebuilder shape.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.ObjectMeta.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(&app, fin) {
			controllerutil.AddFinalizer(&app, fin)
			if err := r.Update(ctx, &app); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else {
		controllerutil.RemoveFinalizer(&app, fin)
		return ctrl.Result{}, r.Update(ctx, &app)
	}
	return ctrl.Result{}, nil
}

// An early return for a deleted object; a nil test and a predicate.
type Early struct{ client.Client }

func (r *Early) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	if !app.GetDeletionTimestamp().IsZero() {
		return r.finalize(ctx, app)
	}
	if controllerutil.AddFinalizer(app, fin) {
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *Early) finalize(ctx context.Context, app *wapi.App) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

type Nil struct{ client.Client }

func (r *Nil) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp == nil && !controllerutil.ContainsFinalizer(app, fin) {
		controllerutil.AddFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	if isBeingDeleted(app) {
		return ctrl.Result{}, nil
	}
	app.Finalizers = append(app.Finalizers, "other")
	return ctrl.Result{}, r.Update(ctx, app)
}

func isBeingDeleted(app *wapi.App) bool { return app.DeletionTimestamp != nil }

// A helper called only for live objects.
type Split struct{ client.Client }

func (r *Split) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	if !app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.reconcileNormal(ctx, app)
}

func (r *Split) reconcileNormal(ctx context.Context, app *wapi.App) (ctrl.Result, error) {
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// A new object: it cannot be terminating. An addition the function does not write.
type Fresh struct{ client.Client }

func (r *Fresh) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	app.Name = req.Name
	controllerutil.AddFinalizer(app, fin)
	if err := r.Create(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	other := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, other); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(other, fin)
	return ctrl.Result{}, nil
}

// The operator-sdk shape: the deletion test kept in a variable.
type Marked struct{ client.Client }

func (r *Marked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	isAppMarkedToBeDeleted := app.GetDeletionTimestamp() != nil
	if isAppMarkedToBeDeleted {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	if !controllerutil.ContainsFinalizer(app, fin) {
		controllerutil.AddFinalizer(app, fin)
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// external-secrets' PushSecret shape: the finalizer is added only in one case of a
// switch, under a deletion test that stands directly in the case clause (no block),
// and a deferred status patch follows.
type Switched struct{ client.Client }

func (r *Switched) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(app.DeepCopy())
	defer func() {
		_ = r.Status().Patch(ctx, &app, patch)
	}()
	switch app.Spec.Image {
	case "delete":
		if app.ObjectMeta.DeletionTimestamp.IsZero() {
			if controllerutil.AddFinalizer(&app, fin) {
				if err := r.Update(ctx, &app); err != nil {
					return ctrl.Result{}, err
				}
				return ctrl.Result{Requeue: true}, nil
			}
		} else if controllerutil.ContainsFinalizer(&app, fin) {
			controllerutil.RemoveFinalizer(&app, fin)
			return ctrl.Result{}, r.Update(ctx, &app)
		}
	case "orphan":
		if !app.DeletionTimestamp.IsZero() {
			return ctrl.Result{}, nil
		}
		controllerutil.AddFinalizer(&app, fin)
		return ctrl.Result{}, r.Update(ctx, &app)
	}
	return ctrl.Result{}, nil
}

// The addition in a conflict-retry closure of a helper that is called only for live
// objects (OpenKruise's shape).
type Closure struct{ client.Client }

func (r *Closure) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.acquire(ctx, app)
}

func (r *Closure) acquire(ctx context.Context, app *wapi.App) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(app), app); err != nil {
			return err
		}
		controllerutil.AddFinalizer(app, fin)
		return r.Update(ctx, app)
	})
}

// The test in the function that holds the closure.
type ClosureTested struct{ client.Client }

func (r *ClosureTested) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	if !app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		controllerutil.AddFinalizer(app, fin)
		return r.Update(ctx, app)
	})
	return ctrl.Result{}, err
}
