// Package cache synthesizes package k8s.io/client-go/tools/cache for tests.
package cache

import (
	"context"
	"time"
)

// ResourceEventHandler receives informer notifications.
type ResourceEventHandler interface {
	OnAdd(obj interface{}, isInInitialList bool)
	OnUpdate(oldObj, newObj interface{})
	OnDelete(obj interface{})
}

// ResourceEventHandlerFuncs adapts functions to ResourceEventHandler.
type ResourceEventHandlerFuncs struct {
	AddFunc    func(obj interface{})
	UpdateFunc func(oldObj, newObj interface{})
	DeleteFunc func(obj interface{})
}

// OnAdd calls AddFunc if set.
func (r ResourceEventHandlerFuncs) OnAdd(obj interface{}, isInInitialList bool) {
	if r.AddFunc != nil {
		r.AddFunc(obj)
	}
}

// OnUpdate calls UpdateFunc if set.
func (r ResourceEventHandlerFuncs) OnUpdate(oldObj, newObj interface{}) {
	if r.UpdateFunc != nil {
		r.UpdateFunc(oldObj, newObj)
	}
}

// OnDelete calls DeleteFunc if set.
func (r ResourceEventHandlerFuncs) OnDelete(obj interface{}) {
	if r.DeleteFunc != nil {
		r.DeleteFunc(obj)
	}
}

// ResourceEventHandlerRegistration is a handle on an added handler (subset).
type ResourceEventHandlerRegistration interface {
	HasSynced() bool
}

// HandlerOptions configures a handler (subset of fields).
type HandlerOptions struct {
	ResyncPeriod *time.Duration
}

// SharedInformer is a shared informer (subset of methods).
type SharedInformer interface {
	AddEventHandler(handler ResourceEventHandler) (ResourceEventHandlerRegistration, error)
	AddEventHandlerWithResyncPeriod(handler ResourceEventHandler, resyncPeriod time.Duration) (ResourceEventHandlerRegistration, error)
	AddEventHandlerWithOptions(handler ResourceEventHandler, options HandlerOptions) (ResourceEventHandlerRegistration, error)
	RemoveEventHandler(handle ResourceEventHandlerRegistration) error
	Run(stopCh <-chan struct{})
	HasSynced() bool
}

// SharedIndexInformer is a shared informer with indexes (subset of methods).
type SharedIndexInformer interface {
	SharedInformer
}

// InformerSynced reports whether an informer has synced.
type InformerSynced func() bool

// WaitForCacheSync is a stub.
func WaitForCacheSync(stopCh <-chan struct{}, cacheSyncs ...InformerSynced) bool { return true }

// WaitForNamedCacheSync is a stub.
func WaitForNamedCacheSync(controllerName string, stopCh <-chan struct{}, cacheSyncs ...InformerSynced) bool {
	return true
}

// WaitForNamedCacheSyncWithContext is a stub.
func WaitForNamedCacheSyncWithContext(ctx context.Context, cacheSyncs ...InformerSynced) bool {
	return true
}

// MetaNamespaceKeyFunc is a stub.
func MetaNamespaceKeyFunc(obj interface{}) (string, error) { return "", nil }

// SplitMetaNamespaceKey is a stub.
func SplitMetaNamespaceKey(key string) (namespace, name string, err error) { return "", "", nil }
