package controller

import (
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
	"github.com/reconcilelint/reconcilelint/runtime/queue/workqueue"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// NewQueue returns the queue controller-runtime selects for opts: the
// priority queue unless UsePriorityQueue is false, each with its default
// limiter when opts.RateLimiter is nil.
func NewQueue(clk clock.Clock, opts Options) Queue {
	usePQ := opts.UsePriorityQueue == nil || *opts.UsePriorityQueue
	lim := opts.RateLimiter
	if usePQ {
		if lim == nil {
			lim = ratelimit.DefaultPriorityQueue[Request]()
		}
		return WrapPriority(clk, priority.New[Request](clk, lim))
	}
	if lim == nil {
		lim = ratelimit.DefaultController[Request](clk)
	}
	return WrapWorkqueue(workqueue.New[Request](clk, lim))
}

// WrapWorkqueue adapts the client-go queue model the way controller-runtime
// wraps a queue that is not a priority queue: RateLimited beats After,
// a positive After is AddAfter, anything else is Add; the priority is
// ignored and GetWithPriority always returns 0.
func WrapWorkqueue(q *workqueue.Queue[Request]) Queue { return &wqAdapter{q: q} }

type wqAdapter struct{ q *workqueue.Queue[Request] }

func (a *wqAdapter) Kind() string { return "client-go rate-limiting queue" }

func (a *wqAdapter) AddWithOpts(opts AddOpts, items ...Request) {
	for _, it := range items {
		switch {
		case opts.RateLimited:
			a.q.AddRateLimited(it)
		case opts.After > 0:
			a.q.AddAfter(it, opts.After)
		default:
			a.q.Add(it)
		}
	}
}

func (a *wqAdapter) GetWithPriority() (Request, int, bool, bool) {
	it, shutdown, ok := a.q.TryGet()
	return it, 0, shutdown, ok
}

func (a *wqAdapter) Done(it Request)                { a.q.Done(it) }
func (a *wqAdapter) Forget(it Request)              { a.q.Forget(it) }
func (a *wqAdapter) NumRequeues(it Request) int     { return a.q.NumRequeues(it) }
func (a *wqAdapter) Len() int                       { return a.q.Len() }
func (a *wqAdapter) ShutDown()                      { a.q.ShutDown() }
func (a *wqAdapter) NextReadyAt() (time.Time, bool) { return a.q.NextReadyAt() }

func (a *wqAdapter) Metrics() QueueMetrics {
	m := a.q.Metrics()
	return QueueMetrics{Adds: m.Adds, Retries: m.Retries, QueueDurations: m.QueueDurations, WorkDurations: m.WorkDurations}
}

// WrapPriority adapts the priority-queue model. Every add is flushed at once,
// as the real queue's add-buffer goroutine does right after each add.
func WrapPriority(clk clock.Clock, q *priority.Queue[Request]) Queue {
	a := &pqAdapter{q: q, m: &pqMetrics{clk: clk, addTimes: map[Request]time.Time{}, starts: map[Request]time.Time{}}}
	q.SetMetrics(a.m)
	return a
}

type pqAdapter struct {
	q        *priority.Queue[Request]
	m        *pqMetrics
	shutdown bool
}

func (a *pqAdapter) Kind() string { return "priority queue" }

func (a *pqAdapter) AddWithOpts(opts AddOpts, items ...Request) {
	a.q.AddWithOpts(priority.AddOpts{After: opts.After, RateLimited: opts.RateLimited, Priority: opts.Priority}, items...)
	if !a.shutdown {
		a.q.Flush()
	}
}

func (a *pqAdapter) GetWithPriority() (Request, int, bool, bool) {
	if a.q.ShuttingDown() {
		return Request{}, 0, true, true
	}
	it, prio, ok := a.q.TryGetWithPriority()
	return it, prio, false, ok
}

func (a *pqAdapter) Done(it Request)            { a.q.Done(it) }
func (a *pqAdapter) Forget(it Request)          { a.q.Forget(it) }
func (a *pqAdapter) NumRequeues(it Request) int { return a.q.NumRequeues(it) }
func (a *pqAdapter) Len() int                   { return a.q.Len() }

func (a *pqAdapter) ShutDown() {
	if a.shutdown {
		return // the real queue panics on a second ShutDown; the controller calls it once
	}
	a.shutdown = true
	a.q.ShutDown()
}

func (a *pqAdapter) NextReadyAt() (time.Time, bool) { return a.q.NextReadyAt() }

func (a *pqAdapter) Metrics() QueueMetrics {
	return QueueMetrics{
		Adds:           a.m.adds,
		Retries:        a.m.retries,
		QueueDurations: append([]time.Duration(nil), a.m.queue...),
		WorkDurations:  append([]time.Duration(nil), a.m.work...),
	}
}

// pqMetrics keeps the priority queue's metrics with client-go's semantics
// for durations: an item's add time is its first add since its last Get.
type pqMetrics struct {
	clk           clock.Clock
	adds, retries int
	addTimes      map[Request]time.Time
	starts        map[Request]time.Time
	queue, work   []time.Duration
}

func (m *pqMetrics) Add(it Request, _ int) {
	m.adds++
	if _, ok := m.addTimes[it]; !ok {
		m.addTimes[it] = m.clk.Now()
	}
}

func (m *pqMetrics) Get(it Request, _ int) {
	now := m.clk.Now()
	m.starts[it] = now
	if t, ok := m.addTimes[it]; ok {
		m.queue = append(m.queue, now.Sub(t))
		delete(m.addTimes, it)
	}
}

func (m *pqMetrics) UpdateDepth(int, int) {}

func (m *pqMetrics) Done(it Request) {
	if t, ok := m.starts[it]; ok {
		m.work = append(m.work, m.clk.Now().Sub(t))
		delete(m.starts, it)
	}
}

func (m *pqMetrics) Retry() { m.retries++ }
