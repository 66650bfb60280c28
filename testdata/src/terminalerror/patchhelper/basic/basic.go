package basic

import (
	"context"
	"errors"

	"fmt"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"terminalerror/patchhelper/patch"
)

// Flux style: the status is patched in a defer, through a patch helper made from the
// object, and the error is joined into the result.
type Flux struct{ client.Client }

func (r *Flux) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p := patch.NewSerialPatcher(obj, r.Client)
	defer func() {
		if err := p.Patch(ctx, obj); err != nil {
			retErr = errors.Join(retErr, err)
		}
	}()
	if obj.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

// The defer calls a method of the reconciler that summarises and patches.
type Summarize struct{ client.Client }

func (r *Summarize) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p := patch.NewSerialPatcher(obj, r.Client)
	defer func() {
		retErr = r.finalize(ctx, obj, p, retErr)
	}()
	if obj.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

func (r *Summarize) finalize(ctx context.Context, obj *corev1.ConfigMap, p *patch.SerialPatcher, err error) error {
	obj.Data["ready"] = "false"
	if perr := p.Patch(ctx, obj); perr != nil {
		return errors.Join(err, perr)
	}
	return err
}

// A status write before the terminal error whose error is discarded: a conflict loses
// it, and the terminal error is never retried. That is droppederr's finding, at the
// write (the line to change); this rule counts the write and stays silent, so the
// defect is reported once (TestOneFinding).
type Ignored struct{ client.Client }

func (r *Ignored) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.Data["spec"] == "" {
		obj.Data["phase"] = "Failed"
		_ = r.Status().Update(ctx, obj)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	if obj.Data["mode"] == "" {
		r.Status().Update(ctx, obj)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no mode"))
	}
	if obj.Data["sub"] == "" {
		r.markFailed(ctx, obj)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no sub"))
	}
	if obj.Data["x"] == "" {
		// Logged: the error is read, the write counts.
		if err := r.Status().Update(ctx, obj); err != nil {
			fmt.Println("status:", err)
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no x"))
	}
	return ctrl.Result{}, nil
}

// markFailed swallows the error of the write.
func (r *Ignored) markFailed(ctx context.Context, obj *corev1.ConfigMap) {
	obj.Data["phase"] = "Failed"
	_ = r.Status().Update(ctx, obj)
}

// A deferred write whose error nothing can read, and a Patch method of a type that holds
// no object: neither records the failure.
type NoHelper struct {
	client.Client
	doc *patch.Doc
}

func (r *NoHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.Data["spec"] == "" {
		if err := r.doc.Patch([]byte(`[]`)); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}

type DeferDirect struct{ client.Client }

func (r *DeferDirect) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer r.Status().Update(ctx, obj)
	if obj.Data["spec"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}

// A patch helper used directly before the return, its error checked.
type Direct struct{ client.Client }

func (r *Direct) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p := patch.NewSerialPatcher(obj, r.Client)
	if obj.Data["spec"] == "" {
		obj.Data["phase"] = "Failed"
		if err := p.Patch(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec"))
	}
	return ctrl.Result{}, nil
}

// A patch helper's write whose error is discarded: droppederr does not follow patch
// helpers of other packages, so the finding stays here.
type IgnoredHelper struct{ client.Client }

func (r *IgnoredHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	p := patch.NewSerialPatcher(obj, r.Client)
	if obj.Data["spec"] == "" {
		_ = p.Patch(ctx, obj)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("empty spec")) // want `the terminal error is returned without a status write`
	}
	if obj.Data["mode"] == "" {
		defer r.markFailed(ctx, obj)
		return ctrl.Result{}, reconcile.TerminalError(errors.New("no mode")) // want `the terminal error is returned without a status write`
	}
	return ctrl.Result{}, nil
}

func (r *IgnoredHelper) markFailed(ctx context.Context, obj *corev1.ConfigMap) error {
	return r.Status().Update(ctx, obj)
}
