// Package onceguard starts watches in helpers that their callers call under a
// once-guard, and checks that a map lookup guards only when the key is recorded.
package onceguard

import (
	"context"
	"sync"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type R struct {
	ctrl    controller.Controller
	cache   cache.Cache
	watched map[string]struct{}
	other   map[string]struct{}
	known   map[string]bool
	m       sync.Map
	once    sync.Once
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	kind := req.Name
	// Not reported: the helper is called only under its caller's guard.
	if _, ok := r.watched[kind]; !ok {
		r.watched[kind] = struct{}{}
		r.startWatch(kind)
	}
	if _, loaded := r.m.LoadOrStore(kind, true); !loaded {
		r.startNested(kind)
	}
	if _, ok := r.m.Load(kind); !ok {
		r.m.Store(kind, true)
		r.startSyncMap()
	}
	r.once.Do(func() { r.startOnce() })
	r.earlyReturn(kind)

	// Reported: a lookup whose branch does not record the key guards nothing.
	if _, ok := r.other[kind]; !ok {
		r.startUnrecorded()
	}
	if r.known[kind] {
		return ctrl.Result{}, nil
	}
	r.startAfterLookup()
	r.lookupOnly(kind)
	if _, ok := r.watched[kind]; !ok {
		r.other[kind] = struct{}{} // another map
		r.startOtherMap()
	}
	r.startBoth()
	if _, ok := r.watched[kind]; !ok {
		r.watched[kind] = struct{}{}
		r.startBoth()
	}
	return ctrl.Result{}, nil
}

func (r *R) watch() error {
	return r.ctrl.Watch(source.Kind[client.Object](r.cache, &corev1.Pod{}, &handler.EnqueueRequestForObject{}))
}

func (r *R) startWatch(kind string) { _ = r.watch() }

func (r *R) startNested(kind string) { r.startWatch(kind) }

func (r *R) startSyncMap() { _ = r.ctrl.Watch(nil) }

func (r *R) startOnce() { _ = r.ctrl.Watch(nil) }

// earlyReturn returns when the key is recorded, and records it before the watch.
func (r *R) earlyReturn(kind string) {
	if _, ok := r.watched[kind]; ok {
		return
	}
	r.watched[kind] = struct{}{}
	_ = r.ctrl.Watch(nil)
}

func (r *R) startUnrecorded() {
	_ = r.ctrl.Watch(nil) // want `^controller.Controller.Watch in a reconcile path: .* \(Reconcile → startUnrecorded\)$`
}

func (r *R) startAfterLookup() {
	_ = r.ctrl.Watch(nil) // want `^controller.Controller.Watch in a reconcile path: .* \(Reconcile → startAfterLookup\)$`
}

func (r *R) startOtherMap() {
	_ = r.ctrl.Watch(nil) // want `^controller.Controller.Watch in a reconcile path: .* \(Reconcile → startOtherMap\)$`
}

// startBoth is called once without a guard: reported.
func (r *R) startBoth() {
	_ = r.ctrl.Watch(nil) // want `^controller.Controller.Watch in a reconcile path: .* \(Reconcile → startBoth\)$`
}

// lookupOnly checks a map but never records the key: every reconcile watches again.
func (r *R) lookupOnly(kind string) {
	if _, ok := r.other[kind]; ok {
		return
	}
	_ = r.ctrl.Watch(nil) // want `^controller.Controller.Watch in a reconcile path: .* \(Reconcile → lookupOnly\)$`
}
