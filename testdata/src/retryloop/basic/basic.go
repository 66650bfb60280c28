package basic

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
}

var errBusy = errors.New("busy")

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	// Sleep and continue until the update succeeds.
	for {
		if err := r.Update(ctx, obj); err != nil { // want `^the loop re-runs r.Update after it fails: the retry holds the reconcile worker and bypasses the per-object backoff of the queue; return the error instead \(Reconcile\)$`
			time.Sleep(time.Second)
			continue
		}
		break
	}
	// A counter of attempts; success breaks out.
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = r.Status().Update(ctx, obj) // want `the loop re-runs r.Status\(\).Update after it fails`
		if err == nil {
			break
		}
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.helpers(ctx, obj)
}

func (r *R) helpers(ctx context.Context, obj *corev1.ConfigMap) error {
	// Retry only conflicts.
	for i := range 3 {
		_ = i
		err := r.Patch(ctx, obj, nil) // want `the loop re-runs r.Patch after it fails: .* \(Reconcile → helpers\)$`
		if apierrors.IsConflict(err) {
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	// A condition loop that re-runs the call in its body.
	err := ping()
	for err != nil {
		time.Sleep(100 * time.Millisecond)
		err = ping() // want `the loop re-runs ping after it fails`
	}
	// errors.Is on the error.
	for {
		err := r.Delete(ctx, obj) // want `the loop re-runs r.Delete after it fails`
		if !errors.Is(err, errBusy) {
			return err
		}
	}
}

func ping() error { return nil }

func (r *R) conflict(ctx context.Context, obj *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		obj.Data = map[string]string{"a": "b"}
		return r.Update(ctx, obj) // want `^Update in a RetryOnConflict closure writes obj without re-reading it in the closure: a stale object fails with the same conflict on every attempt; Get it at the start of the closure, preferably with the API reader \(mgr.GetAPIReader\(\)\): the cache can return the same stale object on every attempt \(Reconcile → conflict\)$`
	})
}

// The re-read goes through the cached client: it may return the same stale object on
// every attempt.
func (r *R) cachedReread(ctx context.Context, obj *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil { // want `^r.Get re-reads through the cached client in a RetryOnConflict closure: the cache can hand back the same stale object, with the same resourceVersion, on every attempt until the informer catches up, so each attempt can fail with the same conflict; re-read with the API reader \(mgr.GetAPIReader\(\)\), which asks the API server \(Reconcile → cachedReread\)$`
			return err
		}
		obj.Data = map[string]string{"a": "b"}
		return r.Update(ctx, obj)
	})
}

func (r *R) onError(ctx context.Context, obj *corev1.ConfigMap) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		return r.Status().Update(ctx, obj) // want `Update in a OnError closure writes obj without re-reading it`
	})
}

type R2 struct{ R }

func (r *R2) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.conflict(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.cachedReread(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.onError(ctx, obj)
}
