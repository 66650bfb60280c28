package basic

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"wapi"
)

const fin = "apps.example.com/finalizer"

type R struct{ client.Client }

// The finalizer added before the deletion test.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(&app, fin) {
		controllerutil.AddFinalizer(&app, fin) // want `^controllerutil.AddFinalizer\(&app, fin\) is written by r.Update at line 25 with no test of the deletion timestamp before it: the API server refuses a new finalizer on an object that is being deleted \(Forbidden\), .* add the finalizer only when app.DeletionTimestamp.IsZero\(\) \(Reconcile\)$`
		if err := r.Update(ctx, &app); err != nil {
			return ctrl.Result{}, err
		}
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&app, fin)
		return ctrl.Result{}, r.Update(ctx, &app)
	}
	return ctrl.Result{}, nil
}

// By hand, in a helper, written with a patch.
type Manual struct{ client.Client }

func (r *Manual) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensureFinalizer(ctx, app)
}

func (r *Manual) ensureFinalizer(ctx context.Context, app *wapi.App) error {
	patch := client.MergeFrom(app.DeepCopy())
	app.Finalizers = append(app.Finalizers, fin) // want `^app.Finalizers = append\(app.Finalizers, fin\) is written by r.Patch at line 50 .* \(Reconcile → ensureFinalizer\)$`
	return r.Patch(ctx, app, patch)
}

// SetFinalizers, written by a deferred patch.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	base := app.DeepCopy()
	defer func() {
		err = r.Patch(ctx, app, client.MergeFrom(base))
	}()
	app.SetFinalizers(append(app.GetFinalizers(), fin)) // want `^app.SetFinalizers\(append\(app.GetFinalizers\(\), fin\)\) is written by r.Patch at line 63`
	return ctrl.Result{}, nil
}
