package basic

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `^the terminal error is returned without a status write before it: the controller never retries it and only logs it, so the failure is invisible on the object; record it in the status first \(Reconcile\)$`
	}
	if cm.Data["mode"] == "bad" {
		// Wrapped with %w: still terminal.
		err := reconcile.TerminalError(errors.New("bad mode")) // want `the terminal error is returned without a status write`
		return ctrl.Result{}, fmt.Errorf("validating: %w", err)
	}
	if cm.Data["x"] == "" {
		// A status write on one branch only.
		if cm.Data["y"] == "" {
			_ = r.Status().Update(ctx, &cm)
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no x")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}

// Joined with other errors.
type J struct{ client.Client }

func (r *J) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := r.Update(ctx, &corev1.ConfigMap{})
	return ctrl.Result{}, errors.Join(err, reconcile.TerminalError(errors.New("x"))) // want `the terminal error is returned without a status write`
}

// The object comes from a fetch helper of the package: it is in hand.
type H struct{ client.Client }

func (r *H) fetch(ctx context.Context, req ctrl.Request) (*corev1.ConfigMap, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	return &cm, err
}

func (r *H) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := r.fetch(ctx, req)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}

// Read through an interface of the reconciler's own: in hand as well.
type fetcher interface {
	Fetch(ctx context.Context, key client.ObjectKey) (*corev1.ConfigMap, error)
}

type I struct {
	client.Client
	f fetcher
}

func (r *I) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := r.f.Fetch(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}
