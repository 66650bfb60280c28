package negative

import (
	"context"
	"errors"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Checked and returned, with `if err := ...; err != nil` scoping.
	if err := r.Update(ctx, &cm); err != nil {
		return ctrl.Result{}, fmt.Errorf("update: %w", err)
	}
	// Logged, but the reconcile then requeues (errpoll reports it).
	if err := r.Status().Update(ctx, &cm); err != nil {
		log.FromContext(ctx).Error(err, "status")
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	// Logged, and a later return may carry another error.
	if err := r.Delete(ctx, &cm); err != nil {
		log.FromContext(ctx).Error(err, "delete")
	}
	if err := r.loop(ctx); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.named(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	var c conds
	c.Delete("Ready")
	c.Patch()
	return ctrl.Result{}, r.joined(ctx, &cm)
}

// Errors reassigned in a loop and collected.
func (r *R) loop(ctx context.Context) error {
	var errs []error
	for _, name := range []string{"a", "b"} {
		cm := &corev1.ConfigMap{}
		cm.Name = name
		err := r.Create(ctx, cm)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Named result set by a deferred status write.
func (r *R) named(ctx context.Context, cm *corev1.ConfigMap) (res ctrl.Result, reterr error) {
	defer func() {
		if err := r.Status().Patch(ctx, cm, client.Merge); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	return ctrl.Result{}, nil
}

// Joined directly.
func (r *R) joined(ctx context.Context, cm *corev1.ConfigMap) error {
	err1 := r.Update(ctx, cm)
	err2 := r.Status().Update(ctx, cm)
	return errors.Join(err1, err2)
}

// conds is a helper named like client writes; it does not call the API.
type conds []metav1.Condition

func (c *conds) Delete(t string) {}

func (c *conds) Patch() error { return nil }

// Unreached: not on a Reconcile path (start-up code).
func Setup(ctx context.Context, c client.Client) {
	c.Create(ctx, &corev1.ConfigMap{})
}
