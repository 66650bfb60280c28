// Package priority is a deterministic model, in virtual time, of the default
// priority queue of controller-runtime v0.24.1
// (sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue).
//
// The real queue reads the wall clock and moves items between its internal
// structures from three goroutines. The model has no goroutine: every state
// change happens inside a method call, at the time the Clock reports then.
//
//   - Adds go to a buffer, as in the real queue. The buffer is flushed by Get,
//     GetWithPriority, TryGetWithPriority, Len and Flush. RateLimiter.When and
//     Clock.Now are evaluated at flush time. The real queue also flushes from a
//     goroutine right after every add; a caller that wants that timing calls
//     Flush after adding (and before advancing its clock).
//   - A waiting item whose ReadyAt has passed is moved to the ready tree, with
//     a fresh counter, by the first method call that observes the queue at or
//     after that time (Get*, Len, Flush, NextReadyAt, ShutDown). Such moves
//     happen before the buffer is flushed, in waiting order, which is the
//     order the real timer goroutine uses.
//   - Get never blocks. When nothing can be handed out, Get and
//     GetWithPriority panic; a work loop calls TryGetWithPriority and uses
//     NextReadyAt to decide how far to advance virtual time.
//
// NOTES.md lists where this model and the earlier written summary of the
// priority queue's semantics differ, and what the real source says.
package priority

import (
	"time"

	"github.com/google/btree"
)

// Clock is the time source of the queue.
type Clock interface {
	Now() time.Time
}

// RateLimiter decides the delay of a rate-limited add. It has the method set
// of client-go's TypedRateLimiter.
type RateLimiter[T comparable] interface {
	When(item T) time.Duration
	Forget(item T)
	NumRequeues(item T) int
}

// Metrics receives the events the real queue reports to its metrics. All
// calls happen synchronously inside queue methods, so Clock.Now in a callback
// is the virtual time of the event.
type Metrics[T comparable] interface {
	// Add: an item became ready (new ready item, waiting item promoted by an
	// immediate add or by its timer).
	Add(item T, priority int)
	// Get: an item was handed out.
	Get(item T, priority int)
	// UpdateDepth: the priority of a ready item rose from old to new.
	UpdateDepth(oldPriority, newPriority int)
	// Done: Done was called for item.
	Done(item T)
	// Retry: an add with an effective delay > 0 was flushed.
	Retry()
}

// AddOpts are the options of AddWithOpts, as in the real queue.
type AddOpts struct {
	After       time.Duration
	RateLimited bool
	// Priority: higher is handed out first; nil means 0.
	Priority *int
}

// degree of both B-trees, as in the real queue.
const degree = 32

type item[T comparable] struct {
	key     T
	counter uint64
	prio    int
	readyAt *time.Time
}

type bufferEntry[T comparable] struct {
	opts  AddOpts
	items []T
}

// Queue is the model of the priority queue. It is not safe for concurrent
// use: the model is single-threaded by design.
type Queue[T comparable] struct {
	clk     Clock
	rl      RateLimiter[T]
	metrics Metrics[T]

	buffer  []bufferEntry[T]
	items   map[T]*item[T]
	ready   *btree.BTreeG[*item[T]]
	waiting *btree.BTreeG[*item[T]]
	counter uint64
	locked  map[T]struct{}

	shutdown bool
}

// New returns an empty queue that reads time from clk and asks rl for the
// delay of rate-limited adds.
func New[T comparable](clk Clock, rl RateLimiter[T]) *Queue[T] {
	return &Queue[T]{
		clk:     clk,
		rl:      rl,
		items:   map[T]*item[T]{},
		ready:   btree.NewG(degree, lessReady[T]),
		waiting: btree.NewG(degree, lessWaiting[T]),
		locked:  map[T]struct{}{},
	}
}

// SetMetrics installs m; nil removes it.
func (q *Queue[T]) SetMetrics(m Metrics[T]) { q.metrics = m }

// lessReady: priority descending, then counter ascending.
func lessReady[T comparable](a, b *item[T]) bool {
	if a.prio != b.prio {
		return a.prio > b.prio
	}
	return a.counter < b.counter
}

// lessWaiting: ReadyAt ascending, then ready order.
func lessWaiting[T comparable](a, b *item[T]) bool {
	if !a.readyAt.Equal(*b.readyAt) {
		return a.readyAt.Before(*b.readyAt)
	}
	return lessReady(a, b)
}

// Add adds item with no delay and priority 0.
func (q *Queue[T]) Add(item T) { q.AddWithOpts(AddOpts{}, item) }

// AddAfter adds item with delay after.
func (q *Queue[T]) AddAfter(item T, after time.Duration) {
	q.AddWithOpts(AddOpts{After: after}, item)
}

// AddRateLimited adds item with the delay the rate limiter gives at flush time.
func (q *Queue[T]) AddRateLimited(item T) {
	q.AddWithOpts(AddOpts{RateLimited: true}, item)
}

// AddWithOpts appends the items to the add buffer. It does nothing after
// ShutDown or without items.
func (q *Queue[T]) AddWithOpts(o AddOpts, items ...T) {
	if q.shutdown || len(items) == 0 {
		return
	}
	q.buffer = append(q.buffer, bufferEntry[T]{opts: o, items: items})
}

// Flush moves due waiting items to the ready tree and then applies the
// buffered adds at the current time. It models the add-buffer and timer
// goroutines of the real queue.
func (q *Queue[T]) Flush() {
	q.promoteDue()
	buf := q.buffer
	q.buffer = nil
	for _, e := range buf {
		q.apply(e.opts, e.items)
	}
}

// apply is the merge logic of one buffered add.
func (q *Queue[T]) apply(o AddOpts, keys []T) {
	if q.shutdown {
		return // buffered adds are dropped after ShutDown
	}
	prio := 0
	if o.Priority != nil {
		prio = *o.Priority
	}
	for _, key := range keys {
		after := o.After
		if o.RateLimited {
			// When is called even if the key is already queued.
			if rl := q.rl.When(key); after == 0 || rl < after {
				after = rl
			}
		}
		var readyAt *time.Time
		if after > 0 {
			t := q.clk.Now().Add(after)
			readyAt = &t
			if q.metrics != nil {
				q.metrics.Retry()
			}
		}

		old, ok := q.items[key]
		if !ok {
			it := &item[T]{key: key, counter: q.counter, prio: prio, readyAt: readyAt}
			q.counter++
			q.items[key] = it
			if readyAt != nil {
				q.waiting.ReplaceOrInsert(it)
			} else {
				q.ready.ReplaceOrInsert(it)
				if q.metrics != nil {
					q.metrics.Add(key, prio)
				}
			}
			continue
		}

		wasReady := old.readyAt == nil
		switch {
		case wasReady:
			readyAt = nil // a ready item stays ready
		case readyAt != nil && old.readyAt.Before(*readyAt):
			readyAt = old.readyAt // the earlier ReadyAt wins
		}

		newPrio, counter := old.prio, old.counter
		if prio > old.prio { // priority only rises; a rise takes a fresh counter
			if wasReady && q.metrics != nil {
				q.metrics.UpdateDepth(old.prio, prio)
			}
			newPrio, counter = prio, q.counter
			q.counter++
		}

		from, to := q.waiting, q.waiting
		switch {
		case wasReady:
			from, to = q.ready, q.ready
		case readyAt == nil:
			// waiting + immediate add: promoted, keeping its counter
			// unless the priority rose.
			from, to = q.waiting, q.ready
			if q.metrics != nil {
				q.metrics.Add(key, newPrio)
			}
		}
		from.Delete(old)
		old.readyAt, old.prio, old.counter = readyAt, newPrio, counter
		to.ReplaceOrInsert(old)
	}
}

// promoteDue moves every waiting item with ReadyAt <= now to the ready tree,
// in waiting order, each with a fresh counter. Nothing moves after ShutDown:
// the real timer goroutine has stopped.
func (q *Queue[T]) promoteDue() {
	if q.shutdown || q.waiting.Len() == 0 {
		return
	}
	now := q.clk.Now()
	for {
		it, ok := q.waiting.Min()
		if !ok || it.readyAt.Sub(now) > 0 {
			return
		}
		q.waiting.Delete(it)
		it.readyAt = nil
		it.counter = q.counter
		q.counter++
		if q.metrics != nil {
			q.metrics.Add(it.key, it.prio)
		}
		q.ready.ReplaceOrInsert(it)
	}
}

// TryGetWithPriority flushes and hands out the first ready item that is not
// locked. ok is false when there is none or the queue is shut down.
func (q *Queue[T]) TryGetWithPriority() (key T, priority int, ok bool) {
	if q.shutdown {
		return key, 0, false
	}
	q.Flush()
	var found *item[T]
	q.ready.Ascend(func(it *item[T]) bool {
		if _, l := q.locked[it.key]; l {
			return true
		}
		found = it
		return false
	})
	if found == nil {
		return key, 0, false
	}
	q.ready.Delete(found)
	delete(q.items, found.key)
	q.locked[found.key] = struct{}{}
	if q.metrics != nil {
		q.metrics.Get(found.key, found.prio)
	}
	return found.key, found.prio, true
}

// GetWithPriority is the real queue's GetWithPriority. After ShutDown it
// returns (zero, 0, true). Where the real queue would block, it panics:
// a model work loop uses TryGetWithPriority.
func (q *Queue[T]) GetWithPriority() (key T, priority int, shutdown bool) {
	if q.shutdown {
		return key, 0, true
	}
	key, priority, ok := q.TryGetWithPriority()
	if !ok {
		panic("priority: Get would block: no unlocked ready item")
	}
	return key, priority, false
}

// Get is GetWithPriority without the priority.
func (q *Queue[T]) Get() (key T, shutdown bool) {
	key, _, shutdown = q.GetWithPriority()
	return key, shutdown
}

// Done unlocks item, so that a copy added while it was locked can be handed
// out.
func (q *Queue[T]) Done(item T) {
	delete(q.locked, item)
	if q.metrics != nil {
		q.metrics.Done(item)
	}
}

// Forget calls the rate limiter's Forget.
func (q *Queue[T]) Forget(item T) { q.rl.Forget(item) }

// NumRequeues is the rate limiter's NumRequeues.
func (q *Queue[T]) NumRequeues(item T) int { return q.rl.NumRequeues(item) }

// Len flushes and returns the number of ready items, locked ones included
// and waiting ones excluded.
func (q *Queue[T]) Len() int {
	q.Flush()
	return q.ready.Len()
}

// ShutDown stops the queue. Like the real queue (which closes a channel) it
// panics when called twice. Buffered adds are dropped at the next flush, and
// waiting items never become ready.
func (q *Queue[T]) ShutDown() {
	if q.shutdown {
		panic("priority: ShutDown called twice (the real queue closes a closed channel)")
	}
	// The real timer goroutine has moved every item that was due by now.
	q.promoteDue()
	q.shutdown = true
}

// ShutDownWithDrain is ShutDown: the real queue drains nothing.
func (q *Queue[T]) ShutDownWithDrain() { q.ShutDown() }

// ShuttingDown reports whether ShutDown was called.
func (q *Queue[T]) ShuttingDown() bool { return q.shutdown }

// NextReadyAt returns the earliest ReadyAt of the waiting items, after moving
// the due ones. ok is false when nothing is waiting or after ShutDown. Adds
// still in the buffer are not seen; call Flush first to include them.
func (q *Queue[T]) NextReadyAt() (t time.Time, ok bool) {
	if q.shutdown {
		return t, false
	}
	q.promoteDue()
	it, ok := q.waiting.Min()
	if !ok {
		return t, false
	}
	return *it.readyAt, true
}

// Locked reports whether item was handed out and Done was not called yet.
func (q *Queue[T]) Locked(item T) bool {
	_, ok := q.locked[item]
	return ok
}

// Waiting returns the number of waiting items without flushing.
func (q *Queue[T]) Waiting() int { return q.waiting.Len() }

// Buffered returns the number of AddWithOpts calls not flushed yet.
func (q *Queue[T]) Buffered() int { return len(q.buffer) }
