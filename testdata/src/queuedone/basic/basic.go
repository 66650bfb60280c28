package basic

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
)

type Controller struct {
	queue workqueue.TypedRateLimitingInterface[string]
}

func (c *Controller) sync(ctx context.Context, key string) error { return nil }

// The error path returns without Done.
func (c *Controller) processNextWorkItem(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	if err := c.sync(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true // want `return without c.queue.Done\(key\) after c.queue.Get \(line 20\): the item stays in processing, later adds of it are absorbed and it is never handed out again`
	}
	c.queue.Forget(key)
	c.queue.Done(key)
	return true
}

// The hand-written worker loop of the run-time scenario: continue without Done.
func (c *Controller) worker(ctx context.Context) {
	for {
		key, quit := c.queue.Get() // want `the loop takes the next item from c.queue.Get without c.queue.Done\(key\) on some path`
		if quit {
			return
		}
		if err := c.sync(ctx, key); err != nil {
			c.queue.AddRateLimited(key)
			continue
		}
		c.queue.Forget(key)
		c.queue.Done(key)
	}
}

type Untyped struct {
	queue workqueue.RateLimitingInterface
}

func (c *Untyped) sync(key string) error { return nil }

// Done is given a key computed from the item, not the item.
func (c *Untyped) processConverted() bool {
	obj, quit := c.queue.Get()
	if quit {
		return false
	}
	key := fmt.Sprint(obj)
	defer c.queue.Done(key) // want `c.queue.Done is given key, not the item obj from c.queue.Get: the item stays in processing and is never handed out again`
	if err := c.sync(key); err != nil {
		c.queue.AddRateLimited(obj)
		return true
	}
	c.queue.Forget(obj)
	return true
}

// The success path neither forgets nor requeues.
func (c *Untyped) processNoForget() bool {
	obj, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(obj)
	if err := c.sync(obj.(string)); err != nil {
		c.queue.AddRateLimited(obj)
		return true
	}
	return true // want `return without c.queue.Forget\(obj\) after c.queue.Get \(line 73\): the item is neither forgotten nor requeued, so its failure count is never reset and its next failure backs off longer`
}

// Falls off the end of the function without Done on the success path.
func (c *Untyped) processFallOff() {
	obj, quit := c.queue.Get() // want `obj from c.queue.Get reaches the end of the function without c.queue.Done\(obj\)`
	if quit {
		return
	}
	if err := c.sync(obj.(string)); err != nil {
		c.queue.Done(obj)
	}
}

type PQController struct {
	Queue priorityqueue.PriorityQueue[string]
}

var errSkip = errors.New("skip")

// A priority-queue consumer that skips Done on one path.
func (c *PQController) processNextWorkItem(ctx context.Context) bool {
	obj, priority, shutdown := c.Queue.GetWithPriority()
	if shutdown {
		return false
	}
	if priority < 0 {
		return true // want `return without c.Queue.Done\(obj\) after c.Queue.GetWithPriority`
	}
	defer c.Queue.Done(obj)
	return true
}

// A helper that calls Done on one path only does not cover the caller.
func (c *Controller) finishSometimes(key string, err error) {
	if err != nil {
		return
	}
	c.queue.Done(key)
}

func (c *Controller) processViaHelper(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	c.finishSometimes(key, c.sync(ctx, key))
	return true // want `return without c.queue.Done\(key\) after c.queue.Get`
}

// A closure that misses Done on its early return: reported at that return, inside the
// closure (the line to change), not at the return after the call.
func (c *Untyped) processClosure() bool {
	obj, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	err := func(obj interface{}) error {
		key, ok := obj.(string)
		if !ok {
			return errSkip // want `^return without c.queue.Done\(obj\) after c.queue.Get \(line \d+\): the item stays in processing`
		}
		defer c.queue.Done(obj)
		return c.sync(key)
	}(obj)
	_ = err
	return true
}

// A return before the closure that skips it, and a path of the closure that misses
// Done: both reported.
func (c *Untyped) processClosureBoth(skip bool) bool {
	obj, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	if skip {
		return true // want `^return without c.queue.Done\(obj\) after c.queue.Get`
	}
	_ = func(obj interface{}) error {
		if obj == nil {
			return errSkip // want `^return without c.queue.Done\(obj\) after c.queue.Get`
		}
		defer c.queue.Done(obj)
		return nil
	}(obj)
	return true
}

// A closure that calls Done on every path, and a return before it that skips the
// closure: that return is the one reported.
func (c *Untyped) processClosureSkipped(skip bool) bool {
	obj, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	if skip {
		return true // want `^return without c.queue.Done\(obj\) after c.queue.Get`
	}
	_ = func(obj interface{}) error {
		defer c.queue.Done(obj)
		return nil
	}(obj)
	return true
}

var errTerminal = errors.New("terminal")

// The helper requeues rate-limited, but its terminal-error path neither forgets nor
// requeues: the finding names the helper.
func (c *PQController) processWithHandler(ctx context.Context) bool {
	obj, priority, shutdown := c.Queue.GetWithPriority()
	if shutdown {
		return false
	}
	defer c.Queue.Done(obj)
	c.reconcileHandler(obj, priority)
	return true // want `return without c.Queue.Forget\(obj\) after c.Queue.GetWithPriority \(line \d+\): the item is neither forgotten nor requeued, so its failure count is never reset and its next failure backs off longer \(processWithHandler → reconcileHandler\)`
}

func (c *PQController) reconcile(req string) error { return nil }

func (c *PQController) reconcileHandler(req string, priority int) {
	err := c.reconcile(req)
	switch {
	case errors.Is(err, errTerminal):
	case err != nil:
		c.Queue.AddWithOpts(priorityqueue.AddOpts{RateLimited: true, Priority: &priority}, req)
	default:
		c.Queue.Forget(req)
	}
}

// The concrete queue type: Done is skipped when the key is empty.
type Concrete struct {
	q *workqueue.Typed[string]
}

func (c *Concrete) process() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	if key == "" {
		return true // want `return without c.q.Done\(key\) after c.q.Get`
	}
	c.q.Done(key)
	return true
}

func splitKey(key string) (string, string, error) { return "", key, nil }

// The classic closure of client-go controllers, with one path that neither forgets nor
// requeues the item (a key that does not split): reported at that return, inside the
// closure, and not at the returns after it.
func (c *Untyped) processClosureForget() bool {
	obj, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	err := func(obj interface{}) error {
		defer c.queue.Done(obj)
		key, ok := obj.(string)
		if !ok {
			c.queue.Forget(obj)
			return nil
		}
		if _, _, err := splitKey(key); err != nil {
			return err // want `^return without c.queue.Forget\(obj\) after c.queue.Get \(line \d+\): the item is neither forgotten nor requeued`
		}
		if err := c.sync(key); err != nil {
			c.queue.AddRateLimited(key)
			return err
		}
		c.queue.Forget(obj)
		return nil
	}(obj)
	if err != nil {
		return true
	}
	return true
}
