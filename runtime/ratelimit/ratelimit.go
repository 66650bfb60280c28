// Package ratelimit models the work-queue rate limiters of
// k8s.io/client-go/util/workqueue (default_rate_limiters.go) in virtual time:
// per-item exponential failure, fast/slow, token bucket and max-of, plus the
// max-wait cap.
//
// The per-item limiters are pure functions of their call history. The token
// bucket is a golang.org/x/time/rate.Limiter whose every reservation is taken
// at the time of a clock.Clock, so that on a virtual clock it is
// deterministic. None of the limiters is safe for concurrent use; the runtime
// model is single-threaded.
package ratelimit

import (
	"math"
	"time"

	"golang.org/x/time/rate"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
)

// Limiter decides how long an item waits before it is retried.
type Limiter[T comparable] interface {
	// When records a failure of item and returns how long to wait.
	When(item T) time.Duration
	// Forget clears the failure history of item.
	Forget(item T)
	// NumRequeues returns the number of failures recorded for item.
	NumRequeues(item T) int
}

// Defaults of controller-runtime and client-go.
const (
	DefaultBaseDelay  = 5 * time.Millisecond
	DefaultMaxDelay   = 1000 * time.Second
	DefaultBucketQPS  = 10
	DefaultBucketSize = 100
)

// ItemExponential is the per-item exponential failure limiter: the n-th
// failure (counting from zero) waits Base*2^n, capped at Max.
type ItemExponential[T comparable] struct {
	Base, Max time.Duration
	failures  map[T]int
}

// NewItemExponential returns an exponential limiter from base to max.
func NewItemExponential[T comparable](base, max time.Duration) *ItemExponential[T] {
	return &ItemExponential[T]{Base: base, Max: max, failures: map[T]int{}}
}

// When returns Base*2^failures (failures counted before this call), then
// records the failure.
//
// The arithmetic is client-go's, float64 included: a backoff strictly above
// math.MaxInt64 nanoseconds returns Max, but a backoff of exactly 2^63 ns (for
// example Base = 1ns at the 64th failure) is not "above" math.MaxInt64 once
// both are float64, and its conversion to time.Duration is
// implementation-defined in Go: on amd64 it yields math.MinInt64, a negative
// delay, which then passes the "> Max" check and is returned. The model
// performs the same conversion so that it matches the real limiter on every
// platform.
func (r *ItemExponential[T]) When(item T) time.Duration {
	exp := r.failures[item]
	r.failures[item] = exp + 1

	backoff := float64(r.Base.Nanoseconds()) * math.Pow(2, float64(exp))
	if backoff > math.MaxInt64 {
		return r.Max
	}
	calculated := time.Duration(backoff)
	if calculated > r.Max {
		return r.Max
	}
	return calculated
}

// Forget clears item's failures.
func (r *ItemExponential[T]) Forget(item T) { delete(r.failures, item) }

// NumRequeues returns item's failures.
func (r *ItemExponential[T]) NumRequeues(item T) int { return r.failures[item] }

// ItemFastSlow waits Fast for the first MaxFast failures of an item and Slow
// afterwards. The failure is counted before the comparison.
type ItemFastSlow[T comparable] struct {
	Fast, Slow time.Duration
	MaxFast    int
	failures   map[T]int
}

// NewItemFastSlow returns a fast/slow limiter.
func NewItemFastSlow[T comparable](fast, slow time.Duration, maxFast int) *ItemFastSlow[T] {
	return &ItemFastSlow[T]{Fast: fast, Slow: slow, MaxFast: maxFast, failures: map[T]int{}}
}

// When counts the failure, then returns Fast while failures <= MaxFast.
func (r *ItemFastSlow[T]) When(item T) time.Duration {
	r.failures[item]++
	if r.failures[item] <= r.MaxFast {
		return r.Fast
	}
	return r.Slow
}

// Forget clears item's failures.
func (r *ItemFastSlow[T]) Forget(item T) { delete(r.failures, item) }

// NumRequeues returns item's failures.
func (r *ItemFastSlow[T]) NumRequeues(item T) int { return r.failures[item] }

// Bucket is the overall token bucket shared by all items: every When takes
// one token and returns the delay until that token is available. The bucket
// starts full. NumRequeues is always 0 and Forget does nothing.
type Bucket[T comparable] struct {
	Limiter *rate.Limiter
	Clock   clock.Clock
}

// NewBucket returns a bucket of burst tokens refilled at qps per second,
// reading time from clk.
func NewBucket[T comparable](clk clock.Clock, qps rate.Limit, burst int) *Bucket[T] {
	return &Bucket[T]{Limiter: rate.NewLimiter(qps, burst), Clock: clk}
}

// When reserves one token at the clock's time and returns its delay (the
// reservation is never cancelled). A bucket whose burst is 0 returns
// rate.InfDuration, as the real one does.
func (r *Bucket[T]) When(T) time.Duration {
	now := r.Clock.Now()
	return r.Limiter.ReserveN(now, 1).DelayFrom(now)
}

// Forget does nothing.
func (r *Bucket[T]) Forget(T) {}

// NumRequeues returns 0.
func (r *Bucket[T]) NumRequeues(T) int { return 0 }

// MaxOf combines limiters: When calls every limiter's When, so that each
// records the failure, and returns the largest delay; NumRequeues is the
// largest count; Forget forgets in all.
type MaxOf[T comparable] struct {
	Limiters []Limiter[T]
}

// NewMaxOf returns the maximum of limiters.
func NewMaxOf[T comparable](limiters ...Limiter[T]) *MaxOf[T] {
	return &MaxOf[T]{Limiters: limiters}
}

// When returns the maximum of all limiters' When (at least 0).
func (r *MaxOf[T]) When(item T) time.Duration {
	var ret time.Duration
	for _, l := range r.Limiters {
		if d := l.When(item); d > ret {
			ret = d
		}
	}
	return ret
}

// Forget forgets item in every limiter.
func (r *MaxOf[T]) Forget(item T) {
	for _, l := range r.Limiters {
		l.Forget(item)
	}
}

// NumRequeues returns the maximum of all limiters' NumRequeues (at least 0).
func (r *MaxOf[T]) NumRequeues(item T) int {
	ret := 0
	for _, l := range r.Limiters {
		if n := l.NumRequeues(item); n > ret {
			ret = n
		}
	}
	return ret
}

// WithMaxWait caps the delays of another limiter at MaxDelay.
type WithMaxWait[T comparable] struct {
	Limiter  Limiter[T]
	MaxDelay time.Duration
}

// When returns min(Limiter.When(item), MaxDelay).
func (w WithMaxWait[T]) When(item T) time.Duration {
	if d := w.Limiter.When(item); d <= w.MaxDelay {
		return d
	}
	return w.MaxDelay
}

// Forget forwards to the wrapped limiter.
func (w WithMaxWait[T]) Forget(item T) { w.Limiter.Forget(item) }

// NumRequeues forwards to the wrapped limiter.
func (w WithMaxWait[T]) NumRequeues(item T) int { return w.Limiter.NumRequeues(item) }

// DefaultController is client-go's DefaultTypedControllerRateLimiter, the
// limiter controller-runtime uses when UsePriorityQueue is false:
// MaxOf(ItemExponential(5ms, 1000s), Bucket(10/s, burst 100)).
func DefaultController[T comparable](clk clock.Clock) *MaxOf[T] {
	return NewMaxOf[T](
		NewItemExponential[T](DefaultBaseDelay, DefaultMaxDelay),
		NewBucket[T](clk, rate.Limit(DefaultBucketQPS), DefaultBucketSize),
	)
}

// DefaultPriorityQueue is the limiter controller-runtime uses with its default
// priority queue when no RateLimiter is set: ItemExponential(5ms, 1000s).
func DefaultPriorityQueue[T comparable]() *ItemExponential[T] {
	return NewItemExponential[T](DefaultBaseDelay, DefaultMaxDelay)
}

// Backoff returns the first n delays the default per-item limiter hands out
// for an item that keeps failing.
func Backoff(n int) []time.Duration {
	l := DefaultPriorityQueue[int]()
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = l.When(0)
	}
	return out
}
