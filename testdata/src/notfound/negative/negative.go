package negative

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Ignored: the kubebuilder scaffold.
type Ignored struct{ client.Client }

func (r *Ignored) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}

// Branch: the common IsNotFound branch.
type Branch struct{ client.Client }

func (r *Branch) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, fmt.Errorf("failed to get: %w", err)
	}
	return ctrl.Result{}, nil
}

// Negated: `err != nil && !IsNotFound(err)`, as in many operators.
type Negated struct{ client.Client }

func (r *Negated) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Switch: a switch on the error.
type Switch struct{ client.Client }

func (r *Switch) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	switch {
	case apierrors.IsNotFound(err):
		return ctrl.Result{}, nil
	case err != nil:
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Secondary: the Get of another object (its missing is an error worth retrying).
type Secondary struct{ client.Client }

func (r *Secondary) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var s corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: cm.Data["secret"]}, &s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Reassigned: err is reused for a later call whose error is returned.
type Reassigned struct{ client.Client }

func (r *Reassigned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, req.NamespacedName, cm)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err = r.Update(ctx, cm)
	return ctrl.Result{}, err
}

// Object reconcilers: AsReconciler's adapter ignores NotFound itself.
type ObjRec struct{ client.Client }

func (r *ObjRec) Reconcile(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	var other corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: cm.Name}, &other); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Joined: errors.Join after the IsNotFound branch.
type Joined struct{ client.Client }

func (r *Joined) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, errors.Join(err, errors.New("get"))
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Loop: a loop of Gets of listed objects reusing err.
type Loop struct{ client.Client }

func (r *Loop) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var err error
	for _, name := range []string{"a", "b"} {
		cm := &corev1.ConfigMap{}
		if err = r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: name}, cm); err != nil {
			break
		}
	}
	return reconcile.Result{}, err
}

// NotReturned: the error decides the path but is never returned.
type NotReturned struct{ client.Client }

func (r *NotReturned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Deferred patch with named results: later returns store other errors into reterr.
type Deferred struct{ client.Client }

func (r *Deferred) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	defer func() {
		if err := r.Status().Update(ctx, cm); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	return ctrl.Result{}, r.Update(ctx, cm)
}

// NamedErr is external-secrets' Reconcile: the named result err holds the Get's error,
// is tested, and is then assigned by other calls; a deferred closure reads it, so it is
// a variable in memory. The later returns carry the later errors, which the Get's error
// cannot reach without passing one of those assignments.
type NamedErr struct{ client.Client }

func (r *NamedErr) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	err = r.Get(ctx, req.NamespacedName, cm)
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	defer func() {
		if err == nil {
			err = r.Status().Update(ctx, cm)
		}
	}()
	skip, err := r.skip(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if skip {
		return ctrl.Result{}, nil
	}
	err = r.Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *NamedErr) skip(ctx context.Context, cm *corev1.ConfigMap) (bool, error) {
	return false, r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: "store"}, &corev1.Secret{})
}

// IgnoredTest: kueue's node and topology reconcilers test the error with
// client.IgnoreNotFound and return it only when it is not a NotFound.
type IgnoredTest struct{ client.Client }

func (r *IgnoredTest) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	if client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	exists := err == nil
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		exists = false
	}
	_ = exists
	return ctrl.Result{}, nil
}
