package crosspkg

import (
	"queuedone/util"

	"k8s.io/client-go/util/workqueue"
)

type C struct {
	q workqueue.TypedRateLimitingInterface[string]
}

func (c *C) sync(key string) error { return nil }

func (c *C) good() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	util.Finish(c.q, key, c.sync(key))
	return true
}

func (c *C) goodSettle() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	util.Settle(c.q, c.sync(key), key)
	return true
}

func (c *C) bad() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	util.Maybe(c.q, key, c.sync(key) == nil)
	return true // want `return without c.q.Done\(key\) after c.q.Get`
}

func (c *C) badForget() bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	if err := c.sync(util.Unrelated(key)); err != nil {
		util.Settle(c.q, err, key)
		return true
	}
	return true // want `return without c.q.Forget\(key\) after c.q.Get`
}
