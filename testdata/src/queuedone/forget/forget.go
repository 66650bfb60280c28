package forget

import (
	"context"
	"time"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
)

type Controller struct {
	queue workqueue.TypedRateLimitingInterface[string]
	other workqueue.TypedRateLimitingInterface[string]
}

func (c *Controller) sync(ctx context.Context, key string) (time.Duration, error) { return 0, nil }

// The periodic resync after a success keeps the failure count.
func (c *Controller) processNextWorkItem(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	after, err := c.sync(ctx, key)
	if err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	if after > 0 {
		c.queue.AddAfter(key, after) // want `^c.queue.AddAfter schedules the item's next run without c.queue.Forget\(key\) before it: the rate limiter keeps the item's failure count, so its next failure backs off as if the earlier failures had just happened; call Forget first, as controller-runtime does for a RequeueAfter$`
		return true
	}
	c.queue.Forget(key)
	return true
}

// An immediate requeue after a success, and a Forget only after the add.
func (c *Controller) processAgain(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if _, err := c.sync(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	if key == "again" {
		c.queue.Add(key) // want `c.queue.Add requeues the item without c.queue.Forget\(key\) before it`
		return true
	}
	c.queue.AddAfter(key, time.Minute) // want `c.queue.AddAfter schedules the item's next run without c.queue.Forget\(key\)`
	c.queue.Forget(key)
	return true
}

// Forget on one path only.
func (c *Controller) processSome(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	after, err := c.sync(ctx, key)
	if err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	if after > time.Hour {
		c.queue.Forget(key)
	}
	c.queue.AddAfter(key, after) // want `c.queue.AddAfter schedules the item's next run without c.queue.Forget\(key\)`
	return true
}

// The priority queue: an add with After and no RateLimited is the same.
type Prio struct {
	q priorityqueue.PriorityQueue[string]
}

func (p *Prio) process(ctx context.Context) bool {
	key, _, quit := p.q.GetWithPriority()
	if quit {
		return false
	}
	defer p.q.Done(key)
	if key == "" {
		p.q.AddWithOpts(priorityqueue.AddOpts{RateLimited: true}, key)
		return true
	}
	p.q.AddWithOpts(priorityqueue.AddOpts{After: time.Minute}, key) // want `p.q.AddWithOpts schedules the item's next run without p.q.Forget\(key\)`
	return true
}
