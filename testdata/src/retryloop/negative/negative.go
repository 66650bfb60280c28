package negative

import (
	"context"
	"errors"
	"fmt"
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

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	// Items: a failing item is skipped.
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			continue
		}
	}
	// Items: per-item errors are collected.
	var errs []error
	for _, p := range pods.Items {
		if err := r.Update(ctx, &p); err != nil {
			errs = append(errs, fmt.Errorf("pod %s: %w", p.Name, err))
		}
	}
	// Index loops over items.
	for i := 0; i < len(pods.Items); i++ {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			continue
		}
	}
	// cluster-api machinedeployment cleanup: range over a count, used as an index.
	n := len(pods.Items)
	for i := range n {
		p := pods.Items[i]
		if err := r.Delete(ctx, &p); err != nil {
			if !apierrors.IsNotFound(err) {
				return ctrl.Result{}, err
			}
		}
	}
	// The loop variable is an argument: another replica each time.
	for i := 0; i < 3; i++ {
		if err := r.create(ctx, i); err != nil {
			continue
		}
	}
	// Return on error.
	for {
		obj := &corev1.ConfigMap{}
		if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		if obj.Data != nil {
			break
		}
	}
	// Break on error: the loop does not re-run the call after a failure.
	for attempt := 0; attempt < 3; attempt++ {
		if err := r.Create(ctx, &corev1.ConfigMap{}); err != nil {
			if apierrors.IsAlreadyExists(err) {
				break
			}
			return ctrl.Result{}, err
		}
	}
	// An error assigned before the loop is not re-run by it.
	err := r.Create(ctx, &corev1.Secret{})
	for i := 0; i < 3; i++ {
		if err != nil {
			fmt.Println(i)
		}
	}
	// An event loop.
	events := make(chan error)
	for {
		select {
		case e := <-events:
			if e != nil {
				continue
			}
		default:
		}
		break
	}
	// Paging: the loop continues on success only.
	for token := ""; ; {
		list := &corev1.PodList{}
		if err := r.List(ctx, list); err != nil {
			return ctrl.Result{}, err
		}
		token = next(list, token)
		if token == "" {
			break
		}
	}
	// A retry loop on another goroutine is not on the worker.
	go func() {
		for {
			if err := r.Update(context.Background(), &corev1.Secret{}); err != nil {
				time.Sleep(time.Second)
				continue
			}
			return
		}
	}()
	return ctrl.Result{}, errors.Join(errs...)
}

func (r *R) create(ctx context.Context, i int) error { return nil }

type R2 struct {
	client.Client
	APIReader client.Reader // mgr.GetAPIReader()
	Reader    client.Reader
	uncached  client.Client // client.New: reads from the API server
}

func (r *R2) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	// The book's recommendation: a live read through the API reader. (A Get through
	// the cached client is reported: testdata/src/retryloop/basic, cachedReread.)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.APIReader.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		obj.Data = map[string]string{"a": "c"}
		return r.Update(ctx, obj)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// A Get through a client.Reader field whatever its name, and through a client whose
	// name says it is live.
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Reader.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		return r.Update(ctx, obj)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.uncached.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		return r.Update(ctx, obj)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// A cached Get in a closure that only patches: no conflict to retry.
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
			return err
		}
		return r.Patch(ctx, obj, client.MergeFrom(obj.DeepCopy()))
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// A helper that re-reads the object.
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.refresh(ctx, obj); err != nil {
			return err
		}
		return r.Update(ctx, obj)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// The object is built inside the closure.
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &corev1.Secret{}
		return r.Update(ctx, fresh)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	// Patch does not conflict on a stale object without an optimistic lock.
	return ctrl.Result{}, retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Patch(ctx, obj, client.MergeFrom(obj.DeepCopy()))
	})
}

func next(l *corev1.PodList, t string) string { return "" }

func (r *R2) refresh(ctx context.Context, obj *corev1.ConfigMap) error {
	return r.Get(ctx, client.ObjectKeyFromObject(obj), obj)
}

// Not reached from an entry point.
func unreached(ctx context.Context, c client.Client) {
	for {
		if err := c.Update(ctx, &corev1.Secret{}); err != nil {
			continue
		}
		return
	}
}
