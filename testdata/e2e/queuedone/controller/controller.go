// Package controller holds hand-written client-go controllers: a ConfigMap mirror that
// keeps the work-queue contract, and a Secret auditor that breaks it.
package controller

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"
)

// Mirror copies ConfigMaps; its consumer keeps the contract.
type Mirror struct {
	lister func(key string) (*corev1.ConfigMap, error)
	queue  workqueue.TypedRateLimitingInterface[string]
}

// NewMirror returns a Mirror with a rate-limited queue.
func NewMirror(lister func(key string) (*corev1.ConfigMap, error)) *Mirror {
	return &Mirror{
		lister: lister,
		queue: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.DefaultTypedControllerRateLimiter[string](),
			workqueue.TypedRateLimitingQueueConfig[string]{Name: "mirror"},
		),
	}
}

// Enqueue is the informer event handler.
func (m *Mirror) Enqueue(obj any) {
	key, err := cache.MetaNamespaceKeyFunc(obj)
	if err != nil {
		utilruntime.HandleError(err)
		return
	}
	m.queue.Add(key)
}

// Run starts the workers and blocks until ctx is done.
func (m *Mirror) Run(ctx context.Context, workers int) {
	defer utilruntime.HandleCrash()
	defer m.queue.ShutDown()
	for range workers {
		go wait.UntilWithContext(ctx, m.runWorker, time.Second)
	}
	<-ctx.Done()
}

func (m *Mirror) runWorker(ctx context.Context) {
	for m.processNextWorkItem(ctx) {
	}
}

func (m *Mirror) processNextWorkItem(ctx context.Context) bool {
	key, shutdown := m.queue.Get()
	if shutdown {
		return false
	}
	defer m.queue.Done(key)
	if err := m.sync(ctx, key); err != nil {
		m.handleErr(ctx, err, key)
		return true
	}
	m.queue.Forget(key)
	return true
}

func (m *Mirror) handleErr(ctx context.Context, err error, key string) {
	if m.queue.NumRequeues(key) < 5 {
		klog.FromContext(ctx).Info("retrying", "key", key, "err", err)
		m.queue.AddRateLimited(key)
		return
	}
	m.queue.Forget(key)
	utilruntime.HandleError(fmt.Errorf("dropping %q out of the queue: %w", key, err))
}

func (m *Mirror) sync(ctx context.Context, key string) error {
	cm, err := m.lister(key)
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	klog.FromContext(ctx).V(4).Info("mirroring", "configmap", klog.KObj(cm))
	return nil
}

// Auditor audits Secrets with the deprecated untyped queue; its consumer breaks the
// contract.
type Auditor struct {
	queue workqueue.RateLimitingInterface
}

// NewAuditor returns an Auditor.
func NewAuditor() *Auditor {
	return &Auditor{queue: workqueue.NewRateLimitingQueue(workqueue.DefaultControllerRateLimiter())}
}

func (a *Auditor) runWorker(ctx context.Context) {
	for a.processNextWorkItem(ctx) {
	}
}

func (a *Auditor) processNextWorkItem(ctx context.Context) bool {
	obj, shutdown := a.queue.Get()
	if shutdown {
		return false
	}
	key, ok := obj.(string)
	if !ok {
		a.queue.Forget(obj)
		a.queue.Done(obj)
		return true
	}
	if err := a.audit(ctx, key); err != nil {
		a.queue.AddRateLimited(key)
		return true
	}
	a.queue.Done(obj)
	return true
}

func (a *Auditor) audit(ctx context.Context, key string) error {
	klog.FromContext(ctx).V(4).Info("auditing", "secret", key)
	return nil
}

// Start runs one Auditor worker.
func (a *Auditor) Start(ctx context.Context) {
	go wait.UntilWithContext(ctx, a.runWorker, time.Second)
}
