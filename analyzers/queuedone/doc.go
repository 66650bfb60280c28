// Package queuedone defines an Analyzer that checks the work-queue consumer contract.
//
// # Analyzer queuedone
//
// queuedone: report work-queue items that miss Done or Forget
//
// A client-go work queue hands an item to one worker at a time: from Get until Done the
// item is in the processing set, and an Add of it meanwhile only marks it dirty, to be
// queued again by Done. An item whose Done is missed on some path stays in processing
// forever: its rate-limited retry and every later event for it are absorbed, and the
// object is never processed again by this process, while the queue length looks
// healthy. controller-runtime's priority queue (opt-in from v0.20, the default from v0.23) locks the key the same way until Done.
// A rate-limited consumer must also call Forget when it is finished with an item (or
// requeue it): the limiter keeps a failure count per item, and without Forget the count
// survives success, so the next failure of that object waits as if all the old failures
// had just happened (up to 1000s with the default limiter).
//
// The analyzer reports everywhere except in test code (_test.go files and test-support
// packages, as defined in docs/analyzers.md), not only on Reconcile paths, on values
// whose type is a client-go work queue (TypedInterface, TypedDelayingInterface,
// TypedRateLimitingInterface, the deprecated untyped Interface, DelayingInterface and
// RateLimitingInterface, and the concrete Typed queue) or a controller-runtime
// PriorityQueue, also when held in a struct field or an embedded field:
//   - a path from Get (or GetWithPriority) to a return, to the end of the function, or
//     around a loop to the next Get, on which Done is not called with the item. Paths on
//     which the shutdown result is true are not followed (the item is then the zero
//     value), and paths that end in a panic, os.Exit, log.Fatal or klog.Fatal do not
//     count;
//   - a Done on the same queue given another value than the item (a key computed from
//     it, say): the item itself stays in processing;
//   - in a consumer that requeues the item rate-limited (AddRateLimited, or AddWithOpts
//     whose options set RateLimited), a path on which the item is neither forgotten nor
//     requeued (Forget, Add, AddAfter, AddRateLimited, AddWithOpts);
//   - in such a consumer, an AddAfter or Add of the item to the queue it came from (or
//     an AddWithOpts that is not rate-limited) that a path from Get reaches without a
//     Forget of the item on that queue before it. After a success the next run is
//     scheduled, but the limiter's failure count of the item survives, and the next
//     failure backs off as if the earlier ones had just happened: controller-runtime
//     calls Forget before it adds the item back for a RequeueAfter. Not reported on an
//     error path (inside if err != nil, a case err != nil, or the else of
//     if err == nil), where keeping the count is the point, nor for an add to another
//     queue or of another value. The fix inserts the Forget before the add.
//
// A call counts on a path where it is made directly, deferred (defer q.Done(item)), in
// a function literal called there or given to go or defer (the sample-controller's
// err := func(obj any) error { defer c.workqueue.Done(obj); ... }(obj)), or in a
// helper, of this package or another, that does it on every normal path for the
// parameter that receives the item (handleErr(err, key)); the helpers are summarised
// by the queuefacts pass. Variables assigned from the item, also through a type
// assertion (key := obj.(string)), hold the item. A function literal that is not called
// where it is written but does the call counts too: the analyzer cannot know when it
// runs, and errs towards silence. When a literal called in place calls Done, or
// forgets or requeues the item, on some paths only, the finding is at the returns of the
// literal that miss it (the lines to change), not at the returns after the call; a
// return before the literal that skips it is reported as well.
//
// The paths are those of control-flow graphs built with golang.org/x/tools/go/cfg from
// the syntax of the functions that touch a queue. A consumer is a few dozen lines and
// the question is one of statement order on paths, which a syntax-level graph answers
// exactly; calls that never return (panic, os.Exit, log.Fatal, klog.Fatal and klog.Exit,
// and functions of the package that always end in one) cut their path. SSA would cost
// a build of the whole package for no better answer, and the helper summaries must be
// computed by a fact pass, which may not use SSA. The ctrlflow pass, which builds the
// same graphs, is not used: its facts make it run on every dependency, which the
// standalone driver loads from export data, without syntax.
//
// Bad:
//
//	func (c *Controller) processNextWorkItem(ctx context.Context) bool {
//		key, quit := c.queue.Get()
//		if quit {
//			return false
//		}
//		if err := c.sync(ctx, key); err != nil {
//			c.queue.AddRateLimited(key)
//			return true // key stays in processing: it is never reconciled again
//		}
//		c.queue.Forget(key)
//		c.queue.Done(key)
//		return true
//	}
//
// Good:
//
//	func (c *Controller) processNextWorkItem(ctx context.Context) bool {
//		key, quit := c.queue.Get()
//		if quit {
//			return false
//		}
//		defer c.queue.Done(key)
//		if err := c.sync(ctx, key); err != nil {
//			c.queue.AddRateLimited(key)
//			return true
//		}
//		c.queue.Forget(key)
//		return true
//	}
//
// Bad (the resync after a success keeps the failure count):
//
//	if err := c.sync(ctx, key); err != nil {
//		c.queue.AddRateLimited(key)
//		return true
//	}
//	c.queue.AddAfter(key, c.resync)
//
// Good:
//
//	if err := c.sync(ctx, key); err != nil {
//		c.queue.AddRateLimited(key)
//		return true
//	}
//	c.queue.Forget(key)
//	c.queue.AddAfter(key, c.resync)
package queuedone
