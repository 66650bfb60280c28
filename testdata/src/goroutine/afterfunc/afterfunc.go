package afterfunc

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Reported: the callback updates the object after the reconcile returned.
	time.AfterFunc(time.Minute, func() { // want `^time.AfterFunc runs its function on another goroutine after the reconcile may have returned: nothing waits for it \(Stop does not wait either\), its error reaches no one, and it may run at the same time as the next reconcile of the object; return ctrl.Result\{RequeueAfter: d\} instead \(Reconcile\)$`
		_ = r.Update(context.Background(), &cm)
	})
	r.later(&cm)
	// Not reported: a timer whose channel the reconcile waits on is not a callback.
	t := time.NewTimer(time.Millisecond)
	<-t.C
	// Not reported: a function value, not scheduled.
	f := func() { _ = r.Update(ctx, &cm) }
	_ = f
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// Reported in a helper too, with the chain; the timer's Stop does not make it safe.
func (r *R) later(cm *corev1.ConfigMap) {
	t := time.AfterFunc(time.Second, func() { _ = r.Delete(context.Background(), cm) }) // want `time.AfterFunc runs its function on another goroutine .* \(Reconcile → later\)$`
	defer t.Stop()
}

// Not reported: start-up code, not reached from a reconcile.
func Setup(c client.Client) {
	time.AfterFunc(time.Second, func() { _ = c.Delete(context.Background(), &corev1.ConfigMap{}) })
}

// Not reported: another function of the package, unreached.
func unreached() {
	time.AfterFunc(time.Second, func() {})
}
