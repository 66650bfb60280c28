// Package helpers stores a fresh value in the reconciled object and leaves the write
// to a helper, of this package or another.
package helpers

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"selftrigger/api"
	"selftrigger/kube"
)

type R struct{ client.Client }

// The write is in a method of this package.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.writeStatus(ctx, &c) // want `^r.writeStatus writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line 25, on every pass without comparing old and new: .* \(Reconcile → helpers.R.writeStatus\)$`
}

func (r *R) writeStatus(ctx context.Context, obj client.Object) error {
	return r.Status().Update(ctx, obj)
}

// The write is in a helper of another package.
type Remote struct{ client.Client }

func (r *Remote) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	if err := kube.UpdateStatus(ctx, r.Client, c); err != nil { // want `^kube.UpdateStatus writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line 41, .* \(Reconcile → kube.UpdateStatus\)$`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Two helpers down, the main resource with a label.
type Labeler struct{ client.Client }

func (r *Labeler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Labels = map[string]string{"seen": time.Now().Format("150405")}
	return ctrl.Result{}, kube.Save(ctx, r.Client, c) // want `^kube.Save writes the reconciled object with c.Labels, set from time.Now\(\) at line 56, .* \(Reconcile → kube.Save → kube.UpdateObject\)$`
}

// Not reported: the helper compares before it writes.
type Compared struct{ client.Client }

func (r *Compared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	before := c.DeepCopy()
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, kube.PatchStatusIfChanged(ctx, r.Client, before, c)
}

// Not reported: the helper writes only under a condition of its caller's.
type Conditional struct{ client.Client }

func (r *Conditional) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Labels = map[string]string{"seen": time.Now().Format("150405")}
	return ctrl.Result{}, kube.SaveIf(ctx, r.Client, c, len(c.Labels) > 1)
}

// Not reported: the call of the helper is guarded here.
type Guarded struct{ client.Client }

func (r *Guarded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	changed := !c.Status.Ready
	c.Status.Ready = true
	c.Status.LastReconciled = metav1.Now()
	if changed {
		return ctrl.Result{}, kube.UpdateStatus(ctx, r.Client, c)
	}
	return ctrl.Result{}, nil
}

// Not reported: a status write drops a label (the status subresource is on).
type DroppedLabel struct{ client.Client }

func (r *DroppedLabel) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Labels = map[string]string{"seen": time.Now().Format("150405")}
	return ctrl.Result{}, kube.UpdateStatus(ctx, r.Client, c)
}

// Not reported: a write of the main resource drops the status.
type DroppedStatus struct{ client.Client }

func (r *DroppedStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, kube.UpdateObject(ctx, r.Client, c)
}

// Not reported: the object written by the helper is not the reconciled one.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	other := &api.Tick{}
	other.Status.LastSeen = time.Now().String()
	return ctrl.Result{}, kube.UpdateStatus(ctx, r.Client, other)
}

// A deferred write persists the stores made after the defer statement too.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	defer r.logStatus(ctx, c) // want `^r.logStatus writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line \d+, .* \(Reconcile → helpers.Deferred.logStatus\)$`
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, nil
}

func (r *Deferred) logStatus(ctx context.Context, c *api.Clock) {
	if err := r.Status().Update(ctx, c); err != nil {
		_ = err
	}
}
