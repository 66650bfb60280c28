package negative

import (
	"context"
	"reflect"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"wapi"
)

type R struct{ client.Client }

// Rebuilt from scratch on every pass.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.Nodes = nil
	for _, n := range []string{"a", "b"} {
		app.Status.Nodes = append(app.Status.Nodes, n)
	}
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// Bounded: truncated after the append.
type Bounded struct{ client.Client }

func (r *Bounded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.History = append(app.Status.History, wapi.Entry{Reason: "Synced"})
	if n := len(app.Status.History); n > 10 {
		app.Status.History = app.Status.History[n-10:]
	}
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// Searched first: an entry added once.
type Once struct{ client.Client }

func (r *Once) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	if !contains(app.Status.Nodes, req.Name) {
		app.Status.Nodes = append(app.Status.Nodes, req.Name)
	}
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A guarded write: compared before it is written.
type Guarded struct{ client.Client }

func (r *Guarded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	old := app.DeepCopy()
	app.Status.History = append(app.Status.History, wapi.Entry{Reason: "Synced"})
	if reflect.DeepEqual(old.Status, app.Status) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &app)
}

// A local slice assigned to the status; another object; the main resource written.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, err
	}
	var nodes []string
	nodes = append(nodes, req.Name)
	app.Status.Nodes = nodes
	peer := &wapi.App{}
	peer.Status.History = append(peer.Status.History, wapi.Entry{})
	if err := r.Status().Update(ctx, &app); err != nil {
		return ctrl.Result{}, err
	}
	app.Status.History = append(app.Status.History, wapi.Entry{})
	return ctrl.Result{}, r.Update(ctx, &app)
}
