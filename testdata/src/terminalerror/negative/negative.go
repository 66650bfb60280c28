package negative

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

// Written before: the status is updated, then the terminal error returned.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["spec"] == "" {
		cm.Data["phase"] = "Failed"
		if err := r.Status().Update(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	if cm.Data["mode"] == "bad" {
		// Through a helper of the package that writes status.
		if err := r.markFailed(ctx, &cm, "bad mode"); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, fmt.Errorf("validating: %w", reconcile.TerminalError(errors.New("bad mode")))
	}
	if cm.Data["sub"] == "" {
		if err := r.SubResource("status").Patch(ctx, &cm, client.Merge); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no sub"))
	}
	return ctrl.Result{}, nil
}

func (r *R) markFailed(ctx context.Context, cm *corev1.ConfigMap, msg string) error {
	cm.Data["message"] = msg
	return r.Status().Update(ctx, cm)
}

// Deferred status patch with named results, as with cluster-api's patch helper.
type D struct{ client.Client }

func (r *D) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err := r.Status().Patch(ctx, cm, client.Merge); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if cm.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

// The terminal error is not returned: only logged.
type L struct{ client.Client }

func (r *L) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := reconcile.TerminalError(errors.New("x"))
	fmt.Println(err)
	return ctrl.Result{}, nil
}

// Unreached: start-up code.
func validate() error {
	return reconcile.TerminalError(errors.New("x"))
}

// A terminal error about the request itself, before the reconciler has read anything:
// no object is in hand whose status could record it (controller-runtime's
// multiclustersync example: an unknown target cluster).
type Q struct {
	client.Client
	targets map[string]client.Client
}

func (r *Q) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	target, found := r.targets[req.Namespace]
	if !found {
		return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("target %s not found", req.Namespace))
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, target.Update(ctx, &cm)
}
