package basic

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Status().Update(ctx, &cm)                                                           // want `^the error of Status\(\)\.Update is discarded: a failed status write is not retried and the status is lost until the next event of the object \(Reconcile\)$`
	_ = r.Update(ctx, &cm)                                                                // want `^the error of Update is discarded: a failed write is not retried and the change is lost until the next event of the object \(Reconcile\)$`
	_, _ = controllerutil.CreateOrUpdate(ctx, r.Client, &cm, func() error { return nil }) // want `the error of controllerutil.CreateOrUpdate is discarded`
	op, _ := ctrl.CreateOrPatch(ctx, r.Client, &cm, func() error { return nil })          // want `the error of controllerutil.CreateOrPatch is discarded`
	_ = op
	r.cleanup(ctx, &cm)
	return r.finish(ctx, &cm)
}

// cleanup has no error result: a best-effort write whose failure is logged, as in
// cluster-api's cleanup closures; not reported (the Reconcile path is unknown).
func (r *R) cleanup(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Delete(ctx, cm); err != nil {
		log.FromContext(ctx).Error(err, "delete failed")
	}
}

// finish overwrites the error of the first write, and only logs the second.
func (r *R) finish(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.Patch(ctx, cm, client.Merge)         // want `the error of Patch is discarded`
	err = r.SubResource("status").Update(ctx, cm) // want `the error of SubResource\("status"\)\.Update is only logged: a failed status write`
	if err != nil {
		log.FromContext(ctx).Info("status update failed", "error", err.Error())
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: 0}, nil
}

// Joined with a closure; the write in the closure is discarded.
type C struct{ client.Client }

func (r *C) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	each := func(cm *corev1.ConfigMap) {
		r.Create(ctx, cm) // want `the error of Create is discarded: .* \(Reconcile → func literal\)`
	}
	each(&corev1.ConfigMap{})
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
