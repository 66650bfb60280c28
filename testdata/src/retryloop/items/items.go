package items

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func newPod(owner *corev1.ConfigMap, i int) *corev1.Pod {
	p := &corev1.Pod{}
	p.Name = fmt.Sprintf("%s-%d", owner.Name, i)
	return p
}

func fill(p *corev1.Pod, i int) { p.Name = fmt.Sprint(i) }

func worker(owner *corev1.ConfigMap) *corev1.Pod {
	p := &corev1.Pod{}
	p.GenerateName = owner.Name + "-"
	return p
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Not reported: the loop variable flows into the object through a helper; a name
	// taken goes on to the next name, a success stops.
	for i := 0; i < 3; i++ {
		pod := newPod(obj, i)
		if err := r.Create(ctx, pod); err != nil {
			if apierrors.IsAlreadyExists(err) {
				continue
			}
			return ctrl.Result{}, err
		}
		break
	}
	// Not reported: through a local and a field store.
	for i := 0; i < 3; i++ {
		name := fmt.Sprintf("%s-%d", obj.Name, i)
		cm := &corev1.ConfigMap{}
		cm.Name = name
		if err := r.Create(ctx, cm); err != nil {
			if apierrors.IsAlreadyExists(err) {
				continue
			}
			return ctrl.Result{}, err
		}
		break
	}
	// Not reported: a pointer filled from the loop variable.
	for i := 0; i < 3; i++ {
		var pod corev1.Pod
		fill(&pod, i)
		if err := r.Create(ctx, &pod); err != nil {
			if apierrors.IsAlreadyExists(err) {
				continue
			}
			return ctrl.Result{}, err
		}
		break
	}
	// Not reported: replicas created with generateName, a failure logged and skipped;
	// a success goes on to the next replica too.
	diff := len(obj.Data)
	for i := 0; i < diff; i++ {
		if err := r.Create(ctx, worker(obj)); err != nil {
			fmt.Println("creating worker:", err)
			continue
		}
	}
	for range diff {
		if err := r.Create(ctx, worker(obj)); err != nil {
			fmt.Println("creating worker:", err)
		}
	}
	if r.leader(ctx, obj, 3) == "" {
		return ctrl.Result{}, fmt.Errorf("no leader")
	}
	return ctrl.Result{}, r.retries(ctx, obj)
}

func (r *R) retries(ctx context.Context, obj *corev1.ConfigMap) error {
	// Reported: the loop variable reaches only the context's timeout, the object is the
	// same each turn.
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, time.Duration(attempt+1)*time.Second)
		err := r.Update(actx, obj) // want `the loop re-runs r.Update after it fails`
		cancel()
		if err == nil {
			break
		}
	}
	// Reported: the loop variable reaches only a log line.
	for attempt := 0; attempt < 3; attempt++ {
		msg := fmt.Sprintf("attempt %d", attempt)
		fmt.Println(msg)
		if err := r.Status().Update(ctx, obj); err != nil { // want `the loop re-runs r.Status\(\).Update after it fails`
			continue
		}
		break
	}
	// Reported: the object is rebuilt each turn but is the same object.
	for attempt := 0; attempt < 3; attempt++ {
		cm := obj.DeepCopy()
		if err := r.Update(ctx, cm); err == nil { // want `the loop re-runs r.Update after it fails`
			return nil
		}
	}
	return nil
}

// retryDo calls fn until it succeeds, at most attempts times: a retry helper like
// github.com/avast/retry-go's Do.
func retryDo(fn func() error, attempts int) error {
	var err error
	for range attempts {
		if err = fn(); err == nil { // want `the loop re-runs fn after it fails`
			return nil
		}
	}
	return err
}

func (r *R) check(ctx context.Context, pod string) error { return nil }

// leader asks each leader pod in turn and stops at the first that answers: the loop
// variable reaches the call only through the closure given to the retry helper.
func (r *R) leader(ctx context.Context, obj *corev1.ConfigMap, leaders int) string {
	for i := 0; i < leaders; i++ {
		pod := fmt.Sprintf("%s-leader-%d", obj.Name, i)
		if err := retryDo(func() error { return r.check(ctx, pod) }, 3); err != nil {
			continue
		}
		return pod
	}
	// Reported: the closure captures only the object, the same each turn.
	for attempt := 0; attempt < 3; attempt++ {
		if err := retryDo(func() error { return r.Update(ctx, obj) }, 3); err != nil { // want `the loop re-runs retryDo after it fails`
			continue
		}
		break
	}
	return ""
}
