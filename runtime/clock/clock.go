// Package clock provides the time source of the reference runtime: a
// deterministic virtual clock that only moves when told to, and an adapter to
// the real clock with the same interface.
//
// The virtual clock never starts goroutines. Timers registered with AfterFunc
// fire synchronously, in the goroutine that advances the clock, in deadline
// order (ties in registration order), and each callback observes Now equal to
// its own deadline.
package clock

import (
	"container/heap"
	"sync"
	"time"
)

// Clock is the time source used by the runtime model.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Since returns the time elapsed since t.
	Since(t time.Time) time.Duration
	// AfterFunc calls f once the clock has passed d from now.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface {
	// Stop cancels the call. It reports whether the call was still pending.
	Stop() bool
}

// Epoch is the start time of a virtual clock created with New(time.Time{}).
// A fixed, readable instant keeps traces stable.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Virtual is a deterministic clock. Its zero value is not usable; call New.
// All methods are safe for concurrent use; callbacks run without the lock
// held, so they may use the clock.
type Virtual struct {
	mu     sync.Mutex
	now    time.Time
	seq    uint64
	timers timerHeap
}

var _ Clock = (*Virtual)(nil)

// New returns a virtual clock reading start, or Epoch when start is zero.
func New(start time.Time) *Virtual {
	if start.IsZero() {
		start = Epoch
	}
	return &Virtual{now: start}
}

// Now returns the virtual time.
func (c *Virtual) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Since returns Now().Sub(t).
func (c *Virtual) Since(t time.Time) time.Duration { return c.Now().Sub(t) }

// Elapsed returns the virtual time elapsed since start.
func (c *Virtual) Elapsed(start time.Time) time.Duration { return c.Since(start) }

// AfterFunc schedules f at Now()+d. A non-positive d schedules it at Now(): it
// fires on the next Advance (including Advance(0)) or AdvanceToNext.
func (c *Virtual) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d < 0 {
		d = 0
	}
	t := &vtimer{c: c, deadline: c.now.Add(d), seq: c.seq, f: f, index: -1}
	c.seq++
	heap.Push(&c.timers, t)
	return t
}

// After returns a channel (buffer 1) that receives the virtual time once the
// clock has passed d from now.
func (c *Virtual) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	c.AfterFunc(d, func() { ch <- c.Now() })
	return ch
}

// Pending returns the number of timers that have not fired or been stopped.
func (c *Virtual) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// NextDeadline returns the earliest pending deadline, if any.
func (c *Virtual) NextDeadline() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.timers) == 0 {
		return time.Time{}, false
	}
	return c.timers[0].deadline, true
}

// Advance moves the clock forward by d (negative d is treated as zero),
// firing every timer whose deadline is at or before the new time, including
// timers scheduled by callbacks within the window. It returns the number of
// callbacks run.
func (c *Virtual) Advance(d time.Duration) int {
	if d < 0 {
		d = 0
	}
	c.mu.Lock()
	target := c.now.Add(d)
	c.mu.Unlock()
	return c.AdvanceTo(target)
}

// AdvanceTo moves the clock to t (never backwards) and fires due timers, as
// Advance does.
func (c *Virtual) AdvanceTo(t time.Time) int {
	fired := 0
	for {
		c.mu.Lock()
		if len(c.timers) == 0 || c.timers[0].deadline.After(t) {
			if t.After(c.now) {
				c.now = t
			}
			c.mu.Unlock()
			return fired
		}
		next := heap.Pop(&c.timers).(*vtimer)
		if next.deadline.After(c.now) {
			c.now = next.deadline
		}
		c.mu.Unlock()
		next.f()
		fired++
	}
}

// AdvanceToNext moves the clock to the earliest pending deadline and fires
// every timer due at that instant. It reports false, leaving the clock
// unchanged, when no timer is pending.
func (c *Virtual) AdvanceToNext() (time.Time, bool) {
	next, ok := c.NextDeadline()
	if !ok {
		return c.Now(), false
	}
	c.AdvanceTo(next)
	return c.Now(), true
}

type vtimer struct {
	c        *Virtual
	deadline time.Time
	seq      uint64
	f        func()
	index    int // position in the heap, -1 when not scheduled
}

func (t *vtimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	if t.index < 0 {
		return false
	}
	heap.Remove(&t.c.timers, t.index)
	return true
}

type timerHeap []*vtimer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if !h[i].deadline.Equal(h[j].deadline) {
		return h[i].deadline.Before(h[j].deadline)
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}
func (h *timerHeap) Push(x any) {
	t := x.(*vtimer)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	t.index = -1
	*h = old[:n-1]
	return t
}

// Real is the wall clock behind the Clock interface.
type Real struct{}

var _ Clock = Real{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// Since returns time.Since(t).
func (Real) Since(t time.Time) time.Duration { return time.Since(t) }

// AfterFunc wraps time.AfterFunc.
func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
