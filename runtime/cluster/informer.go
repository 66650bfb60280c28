package cluster

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

// EventKind is the kind of an event a handler receives.
type EventKind string

// The handler events (controller-runtime's event.CreateEvent, ...).
const (
	Create EventKind = "create"
	Update EventKind = "update"
	Delete EventKind = "delete"
)

// HandlerEvent is what an event handler and its predicates see.
type HandlerEvent struct {
	Kind EventKind
	// Object is the new object (Create, Update) or the last state
	// (Delete); Old is the cached object an Update replaces.
	Object, Old apiserver.Object
	// InitialList: a Create replayed from the cache when the handler was
	// registered (client-go's isInInitialList).
	InitialList bool
	// Resync: an Update from the periodic resync (same resourceVersion).
	Resync bool
}

// Handler maps an event to requests, like handler.EventHandler. Side, when
// set, runs for every event it receives, on the informer's goroutine
// (handler.Funcs with side effects: the edgetrigger pattern).
type Handler struct {
	Name string
	Map  func(ev HandlerEvent) []controller.Request
	Side func(ev HandlerEvent)
}

// EnqueueRequestForObject enqueues the object itself.
func EnqueueRequestForObject() Handler {
	return Handler{Name: "EnqueueRequestForObject", Map: func(ev HandlerEvent) []controller.Request {
		return []controller.Request{{Namespace: ev.Object.Namespace(), Name: ev.Object.Name()}}
	}}
}

// EnqueueRequestForOwner enqueues the owners of kind owner named in the
// object's owner references (old and new, for an Update). onlyController:
// only the reference with controller: true counts (what Owns builds).
func EnqueueRequestForOwner(owner apiserver.Kind, onlyController bool) Handler {
	name := "EnqueueRequestForOwner(" + owner.Name + ")"
	if onlyController {
		name = "EnqueueRequestForOwner(" + owner.Name + ", OnlyControllerOwner)"
	}
	group := func(apiVersion string) string {
		if i := strings.Index(apiVersion, "/"); i >= 0 {
			return apiVersion[:i]
		}
		return ""
	}
	return Handler{Name: name, Map: func(ev HandlerEvent) []controller.Request {
		var out []controller.Request
		for _, o := range []apiserver.Object{ev.Old, ev.Object} {
			if o == nil {
				continue
			}
			for _, r := range o.OwnerReferences() {
				if onlyController && !r.Controller {
					continue
				}
				if r.Kind == owner.Name && group(r.APIVersion) == group(owner.APIVersion) {
					req := controller.Request{Namespace: o.Namespace(), Name: r.Name}
					if !owner.Namespaced {
						req.Namespace = ""
					}
					if !slices.Contains(out, req) {
						out = append(out, req)
					}
				}
				if onlyController {
					break
				}
			}
		}
		return out
	}}
}

// EnqueueRequestsFromMapFunc enqueues what fn returns for the object.
func EnqueueRequestsFromMapFunc(fn func(apiserver.Object) []controller.Request) Handler {
	return Handler{Name: "EnqueueRequestsFromMapFunc", Map: func(ev HandlerEvent) []controller.Request {
		return fn(ev.Object)
	}}
}

// Predicate filters events, like predicate.Predicate: an event goes to the
// handler only when every predicate returns true.
type Predicate struct {
	Name string
	Fn   func(ev HandlerEvent) bool
}

// GenerationChangedPredicate passes updates that change
// metadata.generation (and every create and delete): status writes, and
// the resync, are filtered out; so is every write of a kind that keeps no
// generation.
func GenerationChangedPredicate() Predicate {
	return Predicate{Name: "GenerationChangedPredicate", Fn: func(ev HandlerEvent) bool {
		return ev.Kind != Update || ev.Old.Generation() != ev.Object.Generation()
	}}
}

// ResourceVersionChangedPredicate passes updates that change the
// resourceVersion (the resync is filtered out).
func ResourceVersionChangedPredicate() Predicate {
	return Predicate{Name: "ResourceVersionChangedPredicate", Fn: func(ev HandlerEvent) bool {
		return ev.Kind != Update || ev.Old.ResourceVersion() != ev.Object.ResourceVersion()
	}}
}

// Watch is one watch of a controller: a kind, a handler, predicates.
type Watch struct {
	Controller string
	Kind       apiserver.Kind
	Handler    Handler
	Predicates []Predicate
	// Events counts the events the handler received.
	Events int
}

// For watches the controller's own kind with EnqueueRequestForObject.
func (c *Cluster) For(ctrl string, k apiserver.Kind, preds ...Predicate) *Watch {
	return c.Watches(ctrl, k, EnqueueRequestForObject(), preds...)
}

// Owns watches kind k with EnqueueRequestForOwner(owner, OnlyControllerOwner),
// as builder.Owns does.
func (c *Cluster) Owns(ctrl string, owner, k apiserver.Kind, preds ...Predicate) *Watch {
	return c.Watches(ctrl, k, EnqueueRequestForOwner(owner, true), preds...)
}

// Watches adds a watch with any handler.
func (c *Cluster) Watches(ctrl string, k apiserver.Kind, h Handler, preds ...Predicate) *Watch {
	if _, ok := c.Store.KindOf(k.Name); !ok {
		c.Register(k)
	}
	w := &Watch{Controller: ctrl, Kind: k, Handler: h, Predicates: preds}
	c.watches = append(c.watches, w)
	return w
}

// informer is a shared informer of one kind: a cache fed by the store's
// watch after the lag, with handlers.
type informer struct {
	c       *Cluster
	kind    apiserver.Kind
	cache   map[apiserver.Key]apiserver.Object
	synced  bool
	watches []*Watch
	dead    bool
	stopRes func()
}

func newInformer(c *Cluster, k apiserver.Kind) *informer {
	in := &informer{c: c, kind: k, cache: map[apiserver.Key]apiserver.Object{}}
	if slices.Contains(c.opts.ListForbidden, k.Name) {
		c.logf("informer", "%s: list forbidden (RBAC): the cache never syncs", k.Name)
		return in
	}
	// The store's watch starts at once; events before the list
	// completes are applied after it (client-go's reflector lists, then
	// watches from the list's resourceVersion).
	var pending []apiserver.Event
	listed := false
	c.Store.Watch(k.Name, func(ev apiserver.Event) {
		if in.dead {
			return
		}
		if !listed {
			pending = append(pending, ev)
			return
		}
		c.env.After(c.opts.Lag, false, func() { in.deliver(ev) })
	})
	c.env.After(c.opts.ListLatency, false, func() {
		if in.dead {
			return
		}
		objs := c.Store.List(k.Name)
		// Events that happened before the list are in it already.
		for _, o := range objs {
			in.cache[o.Key()] = o
		}
		pending = nil
		listed = true
		in.synced = true
		c.logf("informer", "%s: initial list of %d object(s), cache synced", k.Name, len(objs))
		for _, w := range in.watches {
			in.replay(w)
		}
		in.scheduleResync()
	})
	return in
}

func (in *informer) stop() {
	in.dead = true
	if in.stopRes != nil {
		in.stopRes()
	}
}

func (in *informer) scheduleResync() {
	in.stopRes = in.c.env.After(in.c.opts.SyncPeriod, !in.c.opts.ResyncKeepsRunning, func() {
		if in.dead {
			return
		}
		keys := make([]apiserver.Key, 0, len(in.cache))
		for k := range in.cache {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b apiserver.Key) int { return strings.Compare(a.String(), b.String()) })
		in.c.logf("informer", "%s: resync (SyncPeriod %s): an update event for each of %d cached object(s)", in.kind.Name, controller.FormatDuration(in.c.opts.SyncPeriod), len(keys))
		for _, k := range keys {
			o := in.cache[k]
			in.dispatch(HandlerEvent{Kind: Update, Object: o.DeepCopy(), Old: o.DeepCopy(), Resync: true})
		}
		in.scheduleResync()
	})
}

// addWatch registers a handler; once the cache has synced, it gets the
// cache's contents as initial-list create events.
func (in *informer) addWatch(w *Watch) {
	in.watches = append(in.watches, w)
	if in.synced {
		in.replay(w)
	}
}

func (in *informer) replay(w *Watch) {
	keys := make([]apiserver.Key, 0, len(in.cache))
	for k := range in.cache {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b apiserver.Key) int { return strings.Compare(a.String(), b.String()) })
	for _, k := range keys {
		in.send(w, HandlerEvent{Kind: Create, Object: in.cache[k].DeepCopy(), InitialList: true})
	}
}

func (in *informer) deliver(ev apiserver.Event) {
	if in.dead {
		return
	}
	o := ev.Object
	old, had := in.cache[o.Key()]
	var hev HandlerEvent
	switch {
	case ev.Type == apiserver.Deleted:
		delete(in.cache, o.Key())
		hev = HandlerEvent{Kind: Delete, Object: o}
	case had:
		in.cache[o.Key()] = o
		hev = HandlerEvent{Kind: Update, Object: o, Old: old}
	default:
		in.cache[o.Key()] = o
		hev = HandlerEvent{Kind: Create, Object: o}
	}
	in.dispatch(hev)
}

func (in *informer) dispatch(ev HandlerEvent) {
	for _, w := range in.watches {
		in.send(w, ev)
	}
}

// send runs predicates and handler of one watch, with the priority
// controller-runtime's handlers give on a priority queue.
func (in *informer) send(w *Watch, ev HandlerEvent) {
	env := in.c.env
	what := fmt.Sprintf("%s %s %s (resourceVersion %s)", in.kind.Name, ev.Kind, ev.Object.Key(), ev.Object.ResourceVersion())
	switch {
	case ev.InitialList:
		what = fmt.Sprintf("%s %s (initial list)", in.kind.Name, ev.Object.Key())
	case ev.Resync:
		what = fmt.Sprintf("%s %s (resync)", in.kind.Name, ev.Object.Key())
	}
	for _, p := range w.Predicates {
		if !p.Fn(ev) {
			env.Logf("informer", "%s: filtered by %s", what, p.Name)
			return
		}
	}
	w.Events++
	env.Count("handler calls", 1)
	if w.Handler.Side != nil {
		w.Handler.Side(ev)
	}
	if w.Handler.Map == nil {
		return
	}
	reqs := w.Handler.Map(ev)
	if len(reqs) == 0 {
		env.Logf("informer", "%s: %s maps it to no request", what, w.Handler.Name)
		return
	}
	var opts controller.AddOpts
	prio := ""
	if env.PriorityQueue(w.Controller) && (ev.Kind == Create && ev.InitialList || ev.Kind == Update && ev.Old.ResourceVersion() == ev.Object.ResourceVersion()) {
		low := controller.LowPriority
		opts.Priority = &low
		prio = fmt.Sprintf(" at LowPriority (%d)", low)
	}
	to := ""
	if len(in.c.env.Controllers()) > 1 {
		to = " to " + nameOr(w.Controller)
	}
	if !env.Enqueue(w.Controller, opts, reqs...) {
		env.Logf("informer", "%s: queue shut down, add of %s ignored", what, describe(reqs))
		return
	}
	env.Logf("informer", "%s → add %s%s%s", what, describe(reqs), prio, to)
}

// cached returns the informer's copy of an object (the cached client's
// Get).
func (in *informer) cached(key apiserver.Key) (apiserver.Object, bool) {
	o, ok := in.cache[key]
	if !ok {
		return nil, false
	}
	return o.DeepCopy(), true
}
