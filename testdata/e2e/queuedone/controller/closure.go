package controller

import (
	"context"
	"fmt"

	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// Syncer is a client-go controller written like the workqueue example of its era: the
// item is handled in a function literal called in place.
type Syncer struct {
	queue workqueue.TypedRateLimitingInterface[any]
	sync  func(ctx context.Context, namespace, name string) error
}

func (s *Syncer) processNextWorkItem(ctx context.Context) bool {
	obj, shutdown := s.queue.Get()
	if shutdown {
		return false
	}
	err := func(obj any) error {
		defer s.queue.Done(obj)
		key, ok := obj.(string)
		if !ok {
			s.queue.Forget(obj)
			return fmt.Errorf("expected a string key, got %#v", obj)
		}
		namespace, name, err := cache.SplitMetaNamespaceKey(key)
		if err != nil {
			// Reported: neither forgotten nor requeued.
			return err
		}
		if err := s.sync(ctx, namespace, name); err != nil {
			s.queue.AddRateLimited(key)
			return err
		}
		s.queue.Forget(obj)
		return nil
	}(obj)
	if err != nil {
		fmt.Println("sync failed:", err)
	}
	return true
}
