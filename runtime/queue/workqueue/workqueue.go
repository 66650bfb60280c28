// Package workqueue models the rate-limiting work queue of
// k8s.io/client-go/util/workqueue (queue.go, delaying_queue.go,
// rate_limiting_queue.go) in virtual time.
//
// The real queue is three layers: a FIFO with dirty and processing sets, a
// delaying layer whose goroutine keeps a heap of items waiting for their
// readyAt, and a rate-limiting layer that turns AddRateLimited into
// AddAfter(item, When(item)). The model has no goroutines: every operation
// first moves the waiting items whose readyAt has passed (at the clock's
// time) into the FIFO, in heap order, which is what the real waiting loop has
// done by then when its timers fire on time. Get never blocks: TryGet reports
// when the real Get would.
//
// The model also keeps client-go's queue metrics (depth, adds, retries,
// queue duration, work duration, unfinished work, longest running processor)
// with their exact client-go semantics.
//
// A Queue is not safe for concurrent use.
package workqueue

import (
	"container/heap"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// Queue is the model of a client-go TypedRateLimitingInterface.
type Queue[T comparable] struct {
	clk     clock.Clock
	limiter ratelimit.Limiter[T]

	fifo       []T
	dirty      map[T]struct{}
	processing map[T]struct{}

	shuttingDown bool
	drain        bool
	drained      bool // a ShutDownWithDrain call has returned

	waiting     waitHeap[T]
	waitingByIt map[T]*waitFor[T]

	metrics          Metrics
	addTimes         map[T]time.Time
	processingStarts map[T]time.Time
}

// Metrics are client-go's work-queue metrics.
type Metrics struct {
	// Depth is the depth gauge. client-go raises it whenever an item becomes
	// dirty, including an item that is being processed (which Len does not
	// count), and lowers it on Get.
	Depth int
	// Adds counts items that became dirty (a duplicate Add is not counted).
	Adds int
	// Retries counts AddAfter calls made while not shutting down, whatever
	// the delay, so every AddRateLimited counts.
	Retries int
	// QueueDurations are the observed times from an item's first Add to its
	// Get, in order.
	QueueDurations []time.Duration
	// WorkDurations are the observed times from Get to Done, in order.
	WorkDurations []time.Duration
}

// New returns an empty queue reading time from clk (only Now is used). The
// limiter is used by AddRateLimited, Forget and NumRequeues; it may be nil for
// a plain delaying queue.
func New[T comparable](clk clock.Clock, limiter ratelimit.Limiter[T]) *Queue[T] {
	return &Queue[T]{
		clk:              clk,
		limiter:          limiter,
		dirty:            map[T]struct{}{},
		processing:       map[T]struct{}{},
		waitingByIt:      map[T]*waitFor[T]{},
		addTimes:         map[T]time.Time{},
		processingStarts: map[T]time.Time{},
	}
}

// Limiter returns the queue's rate limiter.
func (q *Queue[T]) Limiter() ratelimit.Limiter[T] { return q.limiter }

// Add queues item unless it is already dirty or the queue is shutting down.
// An item being processed is only marked dirty; Done queues it again.
func (q *Queue[T]) Add(item T) {
	q.promote()
	q.add(item)
}

func (q *Queue[T]) add(item T) {
	if q.shuttingDown {
		return
	}
	if _, ok := q.dirty[item]; ok {
		return
	}
	q.metrics.Adds++
	q.metrics.Depth++
	if _, ok := q.addTimes[item]; !ok {
		q.addTimes[item] = q.clk.Now()
	}
	q.dirty[item] = struct{}{}
	if _, ok := q.processing[item]; ok {
		return
	}
	q.fifo = append(q.fifo, item)
}

// AddAfter adds item once d has passed. It does nothing while shutting down
// (not even count a retry); d <= 0 is a plain Add. A waiting item is not
// dirty: AddAfter of a queued item yields a second Get later, and of an item
// already waiting keeps the earlier readyAt.
func (q *Queue[T]) AddAfter(item T, d time.Duration) {
	q.promote()
	if q.shuttingDown {
		return
	}
	q.metrics.Retries++
	if d <= 0 {
		q.add(item)
		return
	}
	readyAt := q.clk.Now().Add(d)
	if w, ok := q.waitingByIt[item]; ok {
		if w.readyAt.After(readyAt) {
			w.readyAt = readyAt
			heap.Fix(&q.waiting, w.index)
		}
		return
	}
	w := &waitFor[T]{item: item, readyAt: readyAt}
	heap.Push(&q.waiting, w)
	q.waitingByIt[item] = w
}

// AddRateLimited is AddAfter(item, When(item)). When runs (and records a
// failure) even while shutting down.
func (q *Queue[T]) AddRateLimited(item T) {
	q.AddAfter(item, q.limiter.When(item))
}

// When returns the delay AddRateLimited would use, recording a failure.
func (q *Queue[T]) When(item T) time.Duration { return q.limiter.When(item) }

// Forget clears item's failures in the limiter.
func (q *Queue[T]) Forget(item T) { q.limiter.Forget(item) }

// NumRequeues returns item's failures in the limiter.
func (q *Queue[T]) NumRequeues(item T) int { return q.limiter.NumRequeues(item) }

// Len returns the number of queued items: not the waiting ones, not the
// ones being processed (even if dirty).
func (q *Queue[T]) Len() int {
	q.promote()
	return len(q.fifo)
}

// TryGet is Get without blocking. When an item is queued it is returned and
// moves from dirty to processing. Otherwise, while shutting down, it returns
// shutdown = true; otherwise ok = false: the real Get would block.
func (q *Queue[T]) TryGet() (item T, shutdown, ok bool) {
	q.promote()
	if len(q.fifo) == 0 {
		if q.shuttingDown {
			return item, true, true
		}
		return item, false, false
	}
	item = q.fifo[0]
	var zero T
	q.fifo[0] = zero
	q.fifo = q.fifo[1:]

	now := q.clk.Now()
	q.metrics.Depth--
	q.processingStarts[item] = now
	if start, ok := q.addTimes[item]; ok {
		q.metrics.QueueDurations = append(q.metrics.QueueDurations, now.Sub(start))
		delete(q.addTimes, item)
	}
	q.processing[item] = struct{}{}
	delete(q.dirty, item)
	return item, false, true
}

// Done ends the processing of item. If it was added meanwhile it is queued
// again, even while shutting down.
func (q *Queue[T]) Done(item T) {
	q.promote()
	if start, ok := q.processingStarts[item]; ok {
		q.metrics.WorkDurations = append(q.metrics.WorkDurations, q.clk.Now().Sub(start))
		delete(q.processingStarts, item)
	}
	delete(q.processing, item)
	if _, ok := q.dirty[item]; ok {
		q.fifo = append(q.fifo, item)
	}
	q.checkDrained()
}

func (q *Queue[T]) checkDrained() {
	if q.drain && len(q.processing) == 0 {
		q.drained = true
	}
}

// ShutDown makes the queue ignore new adds and drops the waiting items;
// queued items are still handed out by TryGet. It is idempotent, and it ends
// a drain.
func (q *Queue[T]) ShutDown() {
	q.promote()
	q.drain = false
	q.shutdown()
}

// ShutDownWithDrain is ShutDown except that the real call blocks until no
// item is being processed; Draining reports whether it would still block.
//
// The model returns from the drain at the first moment nothing is being
// processed, which is when the last Done wakes the real call. (With workers
// still calling Get, the real call can miss that moment: the woken call
// re-checks under the lock, and a Get that ran first has made processing
// non-empty again.)
func (q *Queue[T]) ShutDownWithDrain() {
	q.promote()
	q.drain = true
	q.shutdown()
	q.checkDrained()
}

func (q *Queue[T]) shutdown() {
	q.shuttingDown = true
	// The waiting loop exits at its next wake-up without moving anything.
	q.waiting = nil
	clear(q.waitingByIt)
}

// Draining reports whether a ShutDownWithDrain call would still be blocked.
func (q *Queue[T]) Draining() bool { return q.drain && !q.drained }

// ShuttingDown reports whether ShutDown or ShutDownWithDrain was called.
func (q *Queue[T]) ShuttingDown() bool { return q.shuttingDown }

// Processing returns the number of items handed out and not yet Done.
func (q *Queue[T]) Processing() int { return len(q.processing) }

// Waiting returns the number of items waiting for their readyAt.
func (q *Queue[T]) Waiting() int {
	q.promote()
	return len(q.waiting)
}

// NextReadyAt returns the earliest readyAt of the waiting items.
func (q *Queue[T]) NextReadyAt() (time.Time, bool) {
	q.promote()
	if len(q.waiting) == 0 {
		return time.Time{}, false
	}
	return q.waiting[0].readyAt, true
}

// Metrics returns a copy of the queue metrics.
func (q *Queue[T]) Metrics() Metrics {
	q.promote()
	m := q.metrics
	m.QueueDurations = append([]time.Duration(nil), m.QueueDurations...)
	m.WorkDurations = append([]time.Duration(nil), m.WorkDurations...)
	return m
}

// UnfinishedWork returns the unfinished-work and longest-running-processor
// gauges at the current time: the sum and the maximum of the ages of the items
// being processed. (client-go refreshes them every 500ms and stops refreshing
// them once shutting down.)
func (q *Queue[T]) UnfinishedWork() (total, longest time.Duration) {
	now := q.clk.Now()
	for _, start := range q.processingStarts {
		age := now.Sub(start)
		total += age
		longest = max(longest, age)
	}
	return total, longest
}

// promote moves the waiting items whose readyAt is not after now into the
// FIFO, in heap order.
func (q *Queue[T]) promote() {
	if len(q.waiting) == 0 {
		return
	}
	now := q.clk.Now()
	for len(q.waiting) > 0 && !q.waiting[0].readyAt.After(now) {
		w := heap.Pop(&q.waiting).(*waitFor[T])
		delete(q.waitingByIt, w.item)
		q.add(w.item)
	}
}

type waitFor[T any] struct {
	item    T
	readyAt time.Time
	index   int
}

// waitHeap orders by readyAt only, as client-go's does: the order of equal
// readyAt is whatever container/heap yields, and the model performs the same
// heap operations in the same order to yield the same.
type waitHeap[T any] []*waitFor[T]

func (h waitHeap[T]) Len() int           { return len(h) }
func (h waitHeap[T]) Less(i, j int) bool { return h[i].readyAt.Before(h[j].readyAt) }
func (h waitHeap[T]) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}
func (h *waitHeap[T]) Push(x any) {
	w := x.(*waitFor[T])
	w.index = len(*h)
	*h = append(*h, w)
}
func (h *waitHeap[T]) Pop() any {
	old := *h
	n := len(old)
	w := old[n-1]
	w.index = -1
	*h = old[:n-1]
	return w
}
