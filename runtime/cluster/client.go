package cluster

import (
	"errors"
	"fmt"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

// The client of a reconciler, as the manager's client behaves: reads come
// from the informer cache (an informer is started, and waited for, on the
// first read of a kind nobody watches), writes go to the API server and
// take APILatency. Every call fails with the ctx's error once the reconcile
// ctx is done. Counters in the report: "API writes", "conflicts" (409 on a
// stale resourceVersion or an apply conflict) and "API errors" (any other
// refusal).

func (c *Cluster) call(ctx *controller.Ctx) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ctx.Work(c.opts.APILatency)
	return nil
}

func (c *Cluster) count(ctx *controller.Ctx, err error) error {
	if err == nil {
		ctx.Count("API writes")
		return nil
	}
	switch apiserver.ReasonOf(err) {
	case apiserver.ReasonConflict:
		ctx.Count("conflicts")
	case "":
	default:
		ctx.Count("API errors")
	}
	return err
}

func keyOf(req controller.Request) apiserver.Key {
	return apiserver.Key{Namespace: req.Namespace, Name: req.Name}
}

// Get reads the object from the informer cache (a deep copy).
func (c *Cluster) Get(ctx *controller.Ctx, k apiserver.Kind, key apiserver.Key) (apiserver.Object, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, ok := c.informers[k.Name]
	if !ok {
		in = c.informer(k.Name)
		ctx.Logf("Get %s: no informer for the kind yet: the cache starts one (without event handlers) and waits for its list", k.Name)
	}
	for !in.synced {
		if err := ctx.Wait(c.opts.ListLatency); err != nil {
			return nil, err
		}
	}
	o, ok := in.cached(key)
	if !ok {
		return nil, apiserver.NewNotFound(k, key.Name)
	}
	return o, nil
}

// GetReq is Get with the request's key.
func (c *Cluster) GetReq(ctx *controller.Ctx, k apiserver.Kind, req controller.Request) (apiserver.Object, error) {
	return c.Get(ctx, k, keyOf(req))
}

// List lists the informer cache's objects of kind k.
func (c *Cluster) List(ctx *controller.Ctx, k apiserver.Kind) ([]apiserver.Object, error) {
	if _, err := c.Get(ctx, k, apiserver.Key{Name: "\x00"}); err != nil && !apiserver.IsNotFound(err) {
		return nil, err
	}
	in := c.informers[k.Name]
	var out []apiserver.Object
	for _, key := range sortedKeys(in.cache) {
		out = append(out, in.cache[key].DeepCopy())
	}
	return out, nil
}

func sortedKeys(m map[apiserver.Key]apiserver.Object) []apiserver.Key {
	keys := make([]apiserver.Key, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j].String() < keys[j-1].String(); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// APIGet reads the object from the API server (the manager's APIReader).
func (c *Cluster) APIGet(ctx *controller.Ctx, k apiserver.Kind, key apiserver.Key) (apiserver.Object, error) {
	if err := c.call(ctx); err != nil {
		return nil, err
	}
	return c.Store.Get(k.Name, key)
}

// Create creates obj; on success obj carries the stored metadata.
func (c *Cluster) Create(ctx *controller.Ctx, obj apiserver.Object) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	out, err := c.Store.Create(obj, apiserver.Options{FieldManager: "manager"})
	if err == nil {
		refresh(obj, out)
	}
	return c.count(ctx, err)
}

// Update writes obj (the main resource); on success obj carries the new
// resourceVersion.
func (c *Cluster) Update(ctx *controller.Ctx, obj apiserver.Object) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	out, err := c.Store.Update(obj, apiserver.Options{FieldManager: "manager"})
	if err == nil {
		refresh(obj, out)
	}
	return c.count(ctx, err)
}

// UpdateStatus writes obj's status (Status().Update).
func (c *Cluster) UpdateStatus(ctx *controller.Ctx, obj apiserver.Object) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	out, err := c.Store.UpdateStatus(obj, apiserver.Options{FieldManager: "manager"})
	if err == nil {
		refresh(obj, out)
	}
	return c.count(ctx, err)
}

// Patch sends the merge patch from base to obj (client.MergeFrom(base);
// with optimisticLock, client.MergeFromWithOptimisticLock). status
// selects Status().Patch.
func (c *Cluster) Patch(ctx *controller.Ctx, obj, base apiserver.Object, optimisticLock, status bool) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	p := apiserver.CreateMergePatch(base, obj, optimisticLock)
	out, err := c.Store.MergePatch(obj.Kind(), obj.Key(), p, apiserver.Options{FieldManager: "manager"}, status)
	if err == nil {
		refresh(obj, out)
	}
	return c.count(ctx, err)
}

// Apply is server-side apply of obj with the field manager.
func (c *Cluster) Apply(ctx *controller.Ctx, obj apiserver.Object, manager string, force, status bool) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	out, err := c.Store.Apply(obj, manager, force, status)
	if err == nil {
		refresh(obj, out)
	}
	return c.count(ctx, err)
}

// Delete deletes the object.
func (c *Cluster) Delete(ctx *controller.Ctx, obj apiserver.Object) error {
	if err := c.call(ctx); err != nil {
		return err
	}
	return c.count(ctx, c.Store.Delete(obj.Kind(), obj.Key(), apiserver.DeleteOptions{}))
}

func refresh(dst, src apiserver.Object) {
	for k := range dst {
		delete(dst, k)
	}
	for k, v := range src.DeepCopy() {
		dst[k] = v
	}
}

// External is a system outside the cluster (a cloud API, a database) that
// the reconciler calls. Its behaviour is scripted by time: normal calls
// take Latency; a Phase can make calls slow, fail or hang from some time on.
type External struct {
	Name    string
	Latency time.Duration
	Phases  []Phase
	// Resources are what the system holds (created by Create, removed by
	// Remove), for a scenario to check leaks.
	Resources map[string]bool
	Calls     int
}

// Phase changes an External's behaviour from From until the next phase.
type Phase struct {
	From time.Duration
	// Slow > 0: each call takes this long.
	Slow time.Duration
	// Fail, when set, is the error of each call.
	Fail error
	// Hang: calls never answer (a ctx-aware call returns at the ctx's
	// deadline or cancellation; one without ctx never returns).
	Hang bool
}

func (x *External) phase(now time.Duration) Phase {
	var p Phase
	for _, ph := range x.Phases {
		if ph.From <= now {
			p = ph
		}
	}
	return p
}

// forever is how long a hung call waits: longer than any run.
const forever = 1000 * time.Hour

// Call makes one call named op. ctxAware: the call takes the reconcile ctx
// (an http.Request with the ctx, a gRPC call) and returns its error when the
// ctx is done; otherwise it ignores cancellation.
func (x *External) Call(ctx *controller.Ctx, op string, ctxAware bool) error {
	x.Calls++
	ctx.Count(x.Name + " calls")
	p := x.phase(ctx.Now())
	d := x.Latency
	if p.Slow > 0 {
		d = p.Slow
	}
	if p.Hang {
		d = forever
		ctx.Logf("%s %s: no answer (the peer hangs)", x.Name, op)
	}
	if ctxAware {
		if err := ctx.Wait(d); err != nil {
			ctx.Logf("%s %s: %v (%v)", x.Name, op, err, ctx.Cause())
			return fmt.Errorf("%s %s: %w", x.Name, op, err)
		}
	} else {
		ctx.Work(d)
	}
	if p.Fail != nil {
		return fmt.Errorf("%s %s: %w", x.Name, op, p.Fail)
	}
	return nil
}

// Create calls op and, on success, records the resource id.
func (x *External) Create(ctx *controller.Ctx, id string, ctxAware bool) error {
	if err := x.Call(ctx, "create "+id, ctxAware); err != nil {
		return err
	}
	if x.Resources == nil {
		x.Resources = map[string]bool{}
	}
	x.Resources[id] = true
	ctx.Logf("%s: %s created", x.Name, id)
	return nil
}

// Remove calls op and, on success, removes the resource id.
func (x *External) Remove(ctx *controller.Ctx, id string, ctxAware bool) error {
	if err := x.Call(ctx, "delete "+id, ctxAware); err != nil {
		return err
	}
	delete(x.Resources, id)
	ctx.Logf("%s: %s deleted", x.Name, id)
	return nil
}

// ErrUnavailable is a typical failure of an external system.
var ErrUnavailable = errors.New("503 Service Unavailable")
