package basic

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

// The external resource created before the finalizer is written.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(&app, fin)
	if err := r.Cloud.CreateBucket(ctx, app.Name); err != nil { // want `^r.Cloud.CreateBucket creates something outside the cluster \(sdk.Client.CreateBucket\) after controllerutil.AddFinalizer\(&app, fin\) at line 31, before the object carrying the finalizer is written and its error checked: .* \(Reconcile\)$`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, &app)
}

// Through an interface of the module, a helper of another package, a helper of this
// package, and a child of another kind.
type Paths struct {
	client.Client
	Cloud *sdk.Client
	Store store.Store
}

func (r *Paths) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	switch app.Spec.Image {
	case "store":
		controllerutil.AddFinalizer(&app, fin)
		_ = r.Store.PutObject(ctx, app.Name, "k") // want `^r.Store.PutObject creates something outside the cluster \(store.Store.PutObject\) after`
	case "provision":
		controllerutil.AddFinalizer(&app, fin)
		_ = store.Provision(ctx, r.Cloud, app.Name) // want `^store.Provision creates something outside the cluster \(sdk.Client.CreateBucket\) after .* \(Reconcile → store.Provision\)$`
	case "helper":
		controllerutil.AddFinalizer(&app, fin)
		_ = r.ensureBucket(ctx, &app) // want `^r.ensureBucket creates something outside the cluster \(sdk.Client.CreateBucket\) after .* \(Reconcile → basic.Paths.ensureBucket\)$`
	case "child":
		controllerutil.AddFinalizer(&app, fin)
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name}}
		_ = r.Create(ctx, cm) // want `^r.Create creates a ConfigMap after controllerutil.AddFinalizer`
	}
	return ctrl.Result{}, r.Update(ctx, &app)
}

func (r *Paths) ensureBucket(ctx context.Context, app *wapi.App) error {
	return r.Cloud.CreateBucket(ctx, app.Name)
}

// The write comes first but its error is not looked at.
type Unchecked struct {
	client.Client
	Cloud *sdk.Client
}

func (r *Unchecked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(&app, fin)
	_ = r.Update(ctx, &app)
	return ctrl.Result{}, r.Cloud.CreateBucket(ctx, app.Name) // want `^r.Cloud.CreateBucket creates something outside the cluster`
}
