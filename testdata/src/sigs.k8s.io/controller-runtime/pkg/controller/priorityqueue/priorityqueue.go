// Package priorityqueue synthesizes package sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue for tests.
package priorityqueue

import (
	"time"

	"k8s.io/client-go/util/workqueue"
)

// AddOpts configures AddWithOpts.
type AddOpts struct {
	After       time.Duration
	RateLimited bool
	Priority    *int
}

// PriorityQueue is a rate-limiting queue with priorities.
type PriorityQueue[T comparable] interface {
	workqueue.TypedRateLimitingInterface[T]
	AddWithOpts(o AddOpts, Items ...T)
	GetWithPriority() (item T, priority int, shutdown bool)
}

// Opts configures New (subset of fields).
type Opts[T comparable] struct {
	RateLimiter workqueue.TypedRateLimiter[T]
}

// Opt configures New.
type Opt[T comparable] func(*Opts[T])

// New is a stub.
func New[T comparable](name string, o ...Opt[T]) PriorityQueue[T] { return nil }
