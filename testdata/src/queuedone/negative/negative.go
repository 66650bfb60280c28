package negative

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
)

type ObjectRef struct{ Namespace, Name string }

// The sample-controller (v0.36): Done deferred before the shutdown check, typed queue.
type SampleController struct {
	workqueue workqueue.TypedRateLimitingInterface[ObjectRef]
}

func (c *SampleController) syncHandler(ctx context.Context, ref ObjectRef) error { return nil }

func (c *SampleController) runWorker(ctx context.Context) {
	for c.processNextWorkItem(ctx) {
	}
}

func (c *SampleController) processNextWorkItem(ctx context.Context) bool {
	objRef, shutdown := c.workqueue.Get()
	defer c.workqueue.Done(objRef)
	if shutdown {
		return false
	}
	err := c.syncHandler(ctx, objRef)
	if err == nil {
		c.workqueue.Forget(objRef)
		return true
	}
	c.workqueue.AddRateLimited(objRef)
	return true
}

// The older sample-controller: an untyped queue and a closure returning error.
type OldController struct {
	workqueue workqueue.RateLimitingInterface
}

func (c *OldController) syncHandler(key string) error { return nil }

func (c *OldController) processNextWorkItem() bool {
	obj, shutdown := c.workqueue.Get()
	if shutdown {
		return false
	}
	err := func(obj interface{}) error {
		defer c.workqueue.Done(obj)
		var key string
		var ok bool
		if key, ok = obj.(string); !ok {
			c.workqueue.Forget(obj)
			return nil
		}
		if err := c.syncHandler(key); err != nil {
			c.workqueue.AddRateLimited(key)
			return fmt.Errorf("error syncing '%s': %s, requeuing", key, err.Error())
		}
		c.workqueue.Forget(obj)
		return nil
	}(obj)
	if err != nil {
		log.Print(err)
		return true
	}
	return true
}

// client-go's workqueue example: Done deferred, Forget and requeue in a helper.
type ExampleController struct {
	queue workqueue.TypedRateLimitingInterface[string]
}

func (c *ExampleController) syncToStdout(key string) error { return nil }

func (c *ExampleController) processNextItem() bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	err := c.syncToStdout(key)
	c.handleErr(err, key)
	return true
}

func (c *ExampleController) handleErr(err error, key string) {
	if err == nil {
		c.queue.Forget(key)
		return
	}
	if c.queue.NumRequeues(key) < 5 {
		c.queue.AddRateLimited(key)
		return
	}
	c.queue.Forget(key)
	log.Printf("dropping %q out of the queue: %v", key, err)
}

// Done in a helper that receives the item, and a shutdown check written with ||.
func (c *ExampleController) processWithFinish(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit || ctx.Err() != nil {
		return false
	}
	c.finish(key, c.syncToStdout(key))
	return true
}

func (c *ExampleController) finish(key string, err error) {
	defer c.queue.Done(key)
	if err != nil {
		c.queue.AddRateLimited(key)
		return
	}
	c.queue.Forget(key)
}

// A panicking path does not count; the item is handed to a goroutine that calls Done.
func (c *ExampleController) processAsync() bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	if key == "" {
		panic("empty key")
	}
	if len(key) > 253 {
		log.Fatalf("impossible key %q", key)
	}
	go func() {
		defer c.queue.Done(key)
		if err := c.syncToStdout(key); err != nil {
			c.queue.AddRateLimited(key)
			return
		}
		c.queue.Forget(key)
	}()
	return true
}

// Processing under !quit; Done through a type-asserted alias.
type Plain struct {
	q workqueue.Interface
}

func (p *Plain) work() {
	for {
		obj, quit := p.q.Get()
		if !quit {
			key := obj.(string)
			func() {
				defer p.q.Done(key)
				fmt.Println(key)
			}()
			continue
		}
		return
	}
}

// A consumer that is not rate-limited needs no Forget.
type Delaying struct {
	q workqueue.TypedDelayingInterface[string]
}

func (d *Delaying) process() bool {
	key, quit := d.q.Get()
	if quit {
		return false
	}
	defer d.q.Done(key)
	if key == "later" {
		d.q.AddAfter(key, time.Second)
	}
	return true
}

// The controller-runtime work loop on the priority queue.
type Handler struct {
	Queue priorityqueue.PriorityQueue[string]
}

func (c *Handler) reconcile(ctx context.Context, req string) (time.Duration, error) { return 0, nil }

func (c *Handler) processNextWorkItem(ctx context.Context) bool {
	obj, priority, shutdown := c.Queue.GetWithPriority()
	if shutdown {
		return false
	}
	defer c.Queue.Done(obj)
	c.reconcileHandler(ctx, obj, priority)
	return true
}

var errTerminal = errors.New("terminal")

func (c *Handler) reconcileHandler(ctx context.Context, req string, priority int) {
	after, err := c.reconcile(ctx, req)
	switch {
	case err != nil:
		c.Queue.AddWithOpts(priorityqueue.AddOpts{RateLimited: true, Priority: &priority}, req)
		return
	case after > 0:
		c.Queue.Forget(req)
		c.Queue.AddWithOpts(priorityqueue.AddOpts{After: after, Priority: &priority}, req)
		return
	}
	c.Queue.Forget(req)
}

// A queue held through an embedded field; Get wrapped by a method that hands it on.
type Embedded struct {
	workqueue.TypedRateLimitingInterface[string]
}

func (e *Embedded) Next() (string, bool) { return e.Get() }

func (e *Embedded) process() bool {
	key, quit := e.Next()
	if quit {
		return false
	}
	_ = key
	item, shutdown := e.Get()
	if shutdown {
		return false
	}
	defer e.Done(item)
	e.Forget(item)
	return true
}

// A function literal stored and run later through a variable.
func (e *Embedded) processStored() bool {
	key, quit := e.Get()
	if quit {
		return false
	}
	done := func() { e.Done(key) }
	defer done()
	return true
}

// controller-runtime's wrapper of a plain queue: the item is returned to the caller.
type wrapper struct {
	workqueue.TypedRateLimitingInterface[string]
}

func (p *wrapper) GetWithPriority() (string, int, bool) {
	item, shutdown := p.TypedRateLimitingInterface.Get()
	return item, 0, shutdown
}

// The item is handed to a worker goroutine over a channel.
func (e *Embedded) dispatch(work chan<- string) {
	for {
		key, quit := e.Get()
		if quit {
			close(work)
			return
		}
		work <- key
	}
}

// The concrete queue type with Done deferred.
type Concrete struct {
	q *workqueue.Typed[string]
}

func NewConcrete() *Concrete { return &Concrete{q: workqueue.NewTyped[string]()} }

func (c *Concrete) process() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	if key == "" {
		return true
	}
	c.q.Add(key)
	return true
}
