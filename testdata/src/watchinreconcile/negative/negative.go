package negative

import (
	"context"
	"sync"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type R struct {
	client.Client
	ctrl     controller.Controller
	cache    cache.Cache
	ww       client.WithWatch
	m        sync.Map
	seen     map[string]bool
	once     sync.Once
	watching bool
	mu       sync.Mutex
}

// Set-up code is not reached from an entry point.
func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	c, err := ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Secret{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}).
		Build(r)
	if err != nil {
		return err
	}
	r.ctrl = c
	return mgr.Add(manager.RunnableFunc(func(context.Context) error { return nil }))
}

func main() {
	var mgr manager.Manager
	_ = (&R{}).SetupWithManager(mgr)
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.trackLoaded(ctx, "ConfigMap"); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.trackSyncMap(ctx, "Secret"); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.trackMap("ConfigMap"); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.trackInside("Pod"); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.trackBool(); err != nil {
		return ctrl.Result{}, err
	}
	r.once.Do(func() {
		_ = r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Pod{}, &handler.EnqueueRequestForObject{}))
	})
	if err := r.waitDeleted(ctx); err != nil {
		return ctrl.Result{}, err
	}
	// GetInformer is idempotent per kind: the cache starts one informer, once.
	if _, err := r.cache.GetInformer(ctx, &corev1.Pod{}); err != nil {
		return ctrl.Result{}, err
	}
	// Reading through the cache or client adds no watch either.
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	// Starting work on another goroutine is not on the worker (see the goroutine rule).
	go func() { _ = r.ctrl.Watch(nil) }()
	return ctrl.Result{}, nil
}

// cluster-api external.ObjectTracker: a sync.Map guard before the watch.
func (r *R) trackSyncMap(ctx context.Context, kind string) error {
	if _, loaded := r.m.LoadOrStore(kind, struct{}{}); loaded {
		return nil
	}
	err := r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Secret{}, &handler.EnqueueRequestForObject{}))
	if err != nil {
		r.m.Delete(kind)
	}
	return err
}

// cluster-api v1.0's machine pool controller: the LoadOrStore result is kept in a
// variable and tested, with another condition, by the if that starts the watch.
func (r *R) trackLoaded(ctx context.Context, kind string) error {
	_, loaded := r.m.LoadOrStore(kind, struct{}{})
	if !loaded && r.ctrl != nil {
		return r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Secret{}, &handler.EnqueueRequestForObject{}))
	}
	return nil
}

// A map guard with an early return.
func (r *R) trackMap(kind string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen[kind] {
		return nil
	}
	r.seen[kind] = true
	return r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}))
}

// The watch in the then branch of a lookup.
func (r *R) trackInside(kind string) error {
	if _, ok := r.seen[kind]; !ok {
		if err := r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Pod{}, &handler.EnqueueRequestForObject{})); err != nil {
			return err
		}
		r.seen[kind] = true
	}
	return nil
}

// A bool field set by the function.
func (r *R) trackBool() error {
	if r.watching {
		return nil
	}
	r.watching = true
	return r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Pod{}, &handler.EnqueueRequestForObject{}))
}

// A short-lived watch stopped before returning.
func (r *R) waitDeleted(ctx context.Context) error {
	w, err := r.ww.Watch(ctx, &corev1.PodList{})
	if err != nil {
		return err
	}
	defer w.Stop()
	<-w.ResultChan()
	return nil
}

// A helper never reached from Reconcile.
func (r *R) unused() error {
	return r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Pod{}, &handler.EnqueueRequestForObject{}))
}

// Sources built by a helper called only from set-up code.
func (r *R) secretSource() source.Source {
	return source.Kind[client.Object](r.cache, &corev1.Secret{}, &handler.EnqueueRequestForObject{})
}

func (r *R) setupExtra(mgr ctrl.Manager) error {
	return r.ctrl.Watch(r.secretSource())
}
