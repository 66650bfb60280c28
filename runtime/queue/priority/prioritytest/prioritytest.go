// Package prioritytest holds the test doubles of the priority queue model's
// tests: a manual clock and a counting rate limiter. The model's own tests
// (runtime/queue/priority) and the differential tests against the real
// controller-runtime queue (internal/k8stest/runtime/priority, a separate
// module) share them, so both drive the model with the same doubles.
package prioritytest

import (
	"sync"
	"time"
)

// T0 is the start time of every Clock.
var T0 = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Clock is a manual clock that moves only on Step. It is locked because the
// differential tests share it with the real queue's goroutines.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a Clock at T0.
func NewClock() *Clock { return &Clock{now: T0} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Step moves the clock forward by d.
func (c *Clock) Step(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Limiter counts failures per item like client-go's per-item limiters and
// returns delay(item, failuresBeforeThisCall). It also counts When calls. It
// is locked because the real queue calls it from a goroutine.
type Limiter[T comparable] struct {
	mu       sync.Mutex
	delay    func(item T, n int) time.Duration
	failures map[T]int
	calls    int
}

// NewLimiter returns a Limiter whose When returns delay(item, n).
func NewLimiter[T comparable](delay func(item T, n int) time.Duration) *Limiter[T] {
	return &Limiter[T]{delay: delay, failures: map[T]int{}}
}

// ConstLimiter returns a Limiter whose When always returns d.
func ConstLimiter[T comparable](d time.Duration) *Limiter[T] {
	return NewLimiter(func(T, int) time.Duration { return d })
}

// When records a failure of item and returns its delay.
func (l *Limiter[T]) When(item T) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.failures[item]
	l.failures[item] = n + 1
	l.calls++
	return l.delay(item, n)
}

// Forget clears item's failures.
func (l *Limiter[T]) Forget(item T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.failures, item)
}

// NumRequeues returns item's failures since its last Forget.
func (l *Limiter[T]) NumRequeues(item T) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failures[item]
}

// Calls returns the number of When calls.
func (l *Limiter[T]) Calls() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls
}

// Prio returns a pointer to p, for the queue's priority options.
func Prio(p int) *int { return &p }
