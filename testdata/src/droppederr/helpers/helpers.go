package helpers

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type R struct {
	client.Client
	Scheme *runtime.Scheme
}

// updateStatus returns the error of the status write: its callers own it.
func (r *R) updateStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Status().Update(ctx, cm); err != nil {
		if !apierrors.IsConflict(err) {
			fmt.Println("updating status:", err)
		}
		return err
	}
	return nil
}

// save wraps the error of another helper.
func (r *R) save(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.updateStatus(ctx, cm); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	return nil
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	result, err := r.reconcile(ctx, &cm)
	if err != nil {
		return result, err
	}
	if cm.Data["a"] == "" {
		// jobset's shape: only conflicts are handled, every other error is dropped.
		if err := r.updateStatus(ctx, &cm); apierrors.IsConflict(err) { // want `^the error of updateStatus \(Status\(\)\.Update\) is dropped unless it passes the error test: a failed status write is not retried and the status is lost until the next event of the object \(Reconcile\)$`
			return ctrl.Result{Requeue: true}, nil
		}
		return ctrl.Result{RequeueAfter: result.RequeueAfter}, err
	}
	if cm.Data["b"] == "" {
		if err := r.save(ctx, &cm); err != nil { // want `the error of save \(Status\(\)\.Update\) is only logged`
			fmt.Println("saving:", err)
		}
		return ctrl.Result{}, nil
	}
	_ = r.updateStatus(ctx, &cm) // want `the error of updateStatus \(Status\(\)\.Update\) is discarded`
	dep := &corev1.Secret{}
	_ = controllerutil.SetControllerReference(&cm, dep, r.Scheme)                // want `^the error of controllerutil.SetControllerReference is discarded: without the owner reference the child is not garbage-collected with its owner, and Owns\(\) never maps its events back to the owner \(Reconcile\)$`
	ctrl.SetControllerReference(&cm, dep, r.Scheme)                              // want `the error of controllerutil.SetControllerReference is discarded`
	if err := controllerutil.SetOwnerReference(&cm, dep, r.Scheme); err != nil { // want `the error of controllerutil.SetOwnerReference is only logged`
		fmt.Println(err)
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *R) reconcile(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// Negative cases: the helper's error is returned, tested and returned, or the helper
// does not return a write's error.
type N struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *N) updateStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Status().Update(ctx, cm)
}

// validate returns an error of its own, not a write's.
func (r *N) validate(cm *corev1.ConfigMap) error {
	if cm.Data["x"] == "" {
		return fmt.Errorf("no x")
	}
	return nil
}

// bestEffort swallows the write error itself: a best-effort write, nothing to return.
func (r *N) bestEffort(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil {
		fmt.Println("best effort:", err)
	}
}

func (r *N) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.validate(&cm); err != nil {
		fmt.Println("invalid:", err)
		return ctrl.Result{}, nil
	}
	r.bestEffort(ctx, &cm)
	if cm.Data["a"] == "" {
		if err := r.updateStatus(ctx, &cm); apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		} else if err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.updateStatus(ctx, &cm); err != nil {
		fmt.Println("status:", err)
		return ctrl.Result{}, err
	}
	if err := r.updateStatus(ctx, &cm); err != nil {
		fmt.Println("status:", err)
		return ctrl.Result{RequeueAfter: 10}, nil
	}
	dep := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(&cm, dep, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := ctrl.SetControllerReference(&cm, dep, r.Scheme); err != nil {
		return ctrl.Result{}, fmt.Errorf("owner: %w", err)
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}
