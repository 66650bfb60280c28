package fetchhelper

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"selftrigger/api"
	"selftrigger/fetch"
)

// The reconciled object is read by a helper of the package.
type Local struct{ client.Client }

func (r *Local) fetch(ctx context.Context, req ctrl.Request, c *api.Clock) error {
	return client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, c))
}

func (r *Local) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.fetch(ctx, req, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled`
}

// ... and by a helper of another package.
type Remote struct{ client.Client }

func (r *Remote) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := fetch.Object(ctx, r.Client, req, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled`
}

// A helper that reads another object by a key of its own: not the reconciled object.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := fetch.Named(ctx, r.Client, req.Namespace, "shared", c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, c)
}
