package priority_test

import (
	"sync"
	"time"

	"k8s.io/client-go/util/workqueue"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
)

// The virtual clock of runtime/clock satisfies the queue's Clock.
var _ priority.Clock = (*clock.Virtual)(nil)

// The model has the method set of the real queue's interface (its Get
// panics where the real one would block).
var _ workqueue.TypedRateLimitingInterface[string] = (*priority.Queue[string])(nil)

var t0 = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// fakeClock is a manual clock. It is locked because the differential tests
// share it with the real queue's goroutines.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: t0} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Step(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// fakeLimiter counts failures per item like client-go's per-item limiters and
// returns delay(item, failuresBeforeThisCall). It also counts When calls.
// It is locked because the real queue calls it from a goroutine.
type fakeLimiter[T comparable] struct {
	mu       sync.Mutex
	delay    func(item T, n int) time.Duration
	failures map[T]int
	calls    int
}

func newFakeLimiter[T comparable](delay func(item T, n int) time.Duration) *fakeLimiter[T] {
	return &fakeLimiter[T]{delay: delay, failures: map[T]int{}}
}

// constLimiter always returns d.
func constLimiter[T comparable](d time.Duration) *fakeLimiter[T] {
	return newFakeLimiter(func(T, int) time.Duration { return d })
}

func (l *fakeLimiter[T]) When(item T) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.failures[item]
	l.failures[item] = n + 1
	l.calls++
	return l.delay(item, n)
}

func (l *fakeLimiter[T]) Forget(item T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.failures, item)
}

func (l *fakeLimiter[T]) NumRequeues(item T) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failures[item]
}

func (l *fakeLimiter[T]) Calls() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls
}

func prio(p int) *int { return &p }
