package afterwriteon

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

// With reportAfterWrite, a short requeue right after a write is reported; one after a
// conflict still is not.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["delete"] != "" {
		if err := r.Delete(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Millisecond}, nil // want `^RequeueAfter of 1ms right after a write stands in for a recursive call: the write is itself an event that requeues the object when the cache has it, and a reconcile 1ms later may still read the object from before the write; return the zero Result and let the write's event requeue, or requeue after as long as the next step needs$`
	}
	if err := r.Update(ctx, &cm); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil
		}
		return ctrl.Result{}, err
	}
	res := ctrl.Result{}
	res.RequeueAfter = 10 * time.Millisecond // want `RequeueAfter of 10ms right after a write`
	return res, nil
}

// A poll without a write is reported as before.
func (r *R) poll(cm *corev1.ConfigMap) (ctrl.Result, error) {
	if cm.Data["ready"] == "" {
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil // want `RequeueAfter of 100ms reconciles the object 10 times a second`
	}
	return ctrl.Result{}, nil
}
