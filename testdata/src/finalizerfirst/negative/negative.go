package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"cloud.example/sdk"
	"finalizerfirst/store"
	"wapi"
)

const fin = "apps.example.com/finalizer"

type R struct {
	client.Client
	Cloud *sdk.Client
	Store store.Store
}

// The kubebuilder shape: add, write, return on error, then create.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		if err := r.Cloud.DeleteBucket(ctx, app.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&app, fin)
		return ctrl.Result{}, r.Update(ctx, &app)
	}
	if controllerutil.AddFinalizer(&app, fin) {
		if err := r.Update(ctx, &app); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.Cloud.CreateBucket(ctx, app.Name); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The add returns with its write; the create is on another pass.
type Return struct {
	client.Client
	Cloud *sdk.Client
}

func (r *Return) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	if !controllerutil.ContainsFinalizer(&app, fin) {
		controllerutil.AddFinalizer(&app, fin)
		return ctrl.Result{}, r.Update(ctx, &app)
	}
	return ctrl.Result{}, r.Cloud.CreateBucket(ctx, app.Name)
}

// Written through a helper whose name says so; reads and Kubernetes calls after the
// add; a Create of the same kind.
type Other struct {
	client.Client
	Cloud *sdk.Client
	Store store.Store
}

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	switch app.Spec.Image {
	case "helper":
		controllerutil.AddFinalizer(&app, fin)
		if err := r.patchObject(ctx, &app); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Cloud.CreateBucket(ctx, app.Name)
	case "reads":
		controllerutil.AddFinalizer(&app, fin)
		if _, err := r.Cloud.GetBucket(ctx, app.Name); err != nil {
			return ctrl.Result{}, err
		}
		if _, err := r.Store.Exists(ctx, app.Name); err != nil {
			return ctrl.Result{}, err
		}
		var cm corev1.ConfigMap
		if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
			return ctrl.Result{}, err
		}
	case "same":
		controllerutil.AddFinalizer(&app, fin)
		copy := &wapi.App{ObjectMeta: metav1.ObjectMeta{Name: app.Name + "-copy"}}
		if err := r.Create(ctx, copy); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Update(ctx, &app)
}

func (r *Other) patchObject(ctx context.Context, app *wapi.App) error {
	return r.Update(ctx, app)
}
