package forget

import (
	"context"
	"time"

	"k8s.io/client-go/util/workqueue"
)

// controller-runtime's order: Forget, then AddAfter.
func (c *Controller) processForgotten(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	after, err := c.sync(ctx, key)
	switch {
	case err != nil:
		c.queue.AddRateLimited(key)
	case after > 0:
		c.queue.Forget(key)
		c.queue.AddAfter(key, after)
	default:
		c.queue.Forget(key)
	}
	return true
}

// A fixed delay on the error path keeps the count on purpose: it is a failure.
func (c *Controller) processRetry(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	_, err := c.sync(ctx, key)
	if err != nil {
		if key == "slow" {
			c.queue.AddAfter(key, time.Minute)
			return true
		}
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

// The else of a success test is the error path too.
func (c *Controller) processElse(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if _, err := c.sync(ctx, key); err == nil {
		c.queue.Forget(key)
		c.queue.Add(key)
	} else {
		c.queue.AddAfter(key, time.Second)
		c.queue.AddRateLimited(key)
	}
	return true
}

// The item goes to another queue: this queue's count is Forgotten separately.
func (c *Controller) processHandOff(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if _, err := c.sync(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	c.other.AddAfter(key, time.Minute)
	c.other.Add(key)
	return true
}

// Another value than the item: not the item's count.
func (c *Controller) processOther(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if _, err := c.sync(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	c.queue.AddAfter(key+"-child", time.Minute)
	return true
}

// Not rate-limited: there is no failure count to keep.
type Delaying struct {
	q workqueue.TypedRateLimitingInterface[string]
}

func (d *Delaying) process() bool {
	key, quit := d.q.Get()
	if quit {
		return false
	}
	defer d.q.Done(key)
	d.q.Forget(key)
	d.q.AddAfter(key, time.Minute)
	return true
}

func (d *Delaying) processNoLimit() bool {
	key, quit := d.q.Get()
	if quit {
		return false
	}
	defer d.q.Done(key)
	d.q.AddAfter(key, time.Minute)
	return true
}
