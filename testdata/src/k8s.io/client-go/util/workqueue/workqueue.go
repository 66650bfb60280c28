// Package workqueue synthesizes package k8s.io/client-go/util/workqueue for tests.
package workqueue

import "time"

// TypedInterface is a work queue.
type TypedInterface[T comparable] interface {
	Add(item T)
	Len() int
	Get() (item T, shutdown bool)
	Done(item T)
	ShutDown()
	ShutDownWithDrain()
	ShuttingDown() bool
}

// TypedDelayingInterface is a work queue with delayed adds.
type TypedDelayingInterface[T comparable] interface {
	TypedInterface[T]
	AddAfter(item T, duration time.Duration)
}

// TypedRateLimitingInterface is a work queue with rate-limited adds.
type TypedRateLimitingInterface[T comparable] interface {
	TypedDelayingInterface[T]
	AddRateLimited(item T)
	Forget(item T)
	NumRequeues(item T) int
}

// Interface is the untyped work queue.
//
// Deprecated: use TypedInterface.
type Interface TypedInterface[any]

// DelayingInterface is the untyped delaying queue.
//
// Deprecated: use TypedDelayingInterface.
type DelayingInterface TypedDelayingInterface[any]

// RateLimitingInterface is the untyped rate-limiting queue.
//
// Deprecated: use TypedRateLimitingInterface.
type RateLimitingInterface TypedRateLimitingInterface[any]

// TypedRateLimiter decides how long an item waits.
type TypedRateLimiter[T comparable] interface {
	When(item T) time.Duration
	Forget(item T)
	NumRequeues(item T) int
}

// RateLimiter is the untyped rate limiter.
//
// Deprecated: use TypedRateLimiter.
type RateLimiter TypedRateLimiter[any]

// TypedRateLimitingQueueConfig configures a rate-limiting queue (subset of fields).
type TypedRateLimitingQueueConfig[T comparable] struct {
	Name          string
	DelayingQueue TypedDelayingInterface[T]
}

// RateLimitingQueueConfig is the untyped config.
type RateLimitingQueueConfig = TypedRateLimitingQueueConfig[any]

// DefaultTypedControllerRateLimiter is a stub.
func DefaultTypedControllerRateLimiter[T comparable]() TypedRateLimiter[T] { return nil }

// DefaultControllerRateLimiter is a stub.
func DefaultControllerRateLimiter() RateLimiter { return nil }

// NewTypedItemExponentialFailureRateLimiter is a stub.
func NewTypedItemExponentialFailureRateLimiter[T comparable](baseDelay time.Duration, maxDelay time.Duration) TypedRateLimiter[T] {
	return nil
}

// NewTypedRateLimitingQueue is a stub.
func NewTypedRateLimitingQueue[T comparable](rateLimiter TypedRateLimiter[T]) TypedRateLimitingInterface[T] {
	return nil
}

// NewTypedRateLimitingQueueWithConfig is a stub.
func NewTypedRateLimitingQueueWithConfig[T comparable](rateLimiter TypedRateLimiter[T], config TypedRateLimitingQueueConfig[T]) TypedRateLimitingInterface[T] {
	return nil
}

// NewRateLimitingQueue is a stub.
//
// Deprecated: use NewTypedRateLimitingQueue.
func NewRateLimitingQueue(rateLimiter RateLimiter) RateLimitingInterface { return nil }

// NewNamedRateLimitingQueue is a stub.
//
// Deprecated: use NewTypedRateLimitingQueueWithConfig.
func NewNamedRateLimitingQueue(rateLimiter RateLimiter, name string) RateLimitingInterface {
	return nil
}
