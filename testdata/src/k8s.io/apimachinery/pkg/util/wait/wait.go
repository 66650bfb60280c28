// Package wait synthesizes package k8s.io/apimachinery/pkg/util/wait for tests.
package wait

import (
	"context"
	"time"
)

// NeverStop is a channel that is never closed.
var NeverStop <-chan struct{} = make(chan struct{})

// ConditionFunc reports whether polling is done.
type ConditionFunc func() (done bool, err error)

// ConditionWithContextFunc reports whether polling is done.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// Backoff configures exponential backoff.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// Step is a stub.
func (b *Backoff) Step() time.Duration { return 0 }

// Group runs goroutines and waits for them.
type Group struct{}

// Wait is a stub.
func (g *Group) Wait() {}

// Start is a stub.
func (g *Group) Start(f func()) {}

// StartWithContext is a stub.
func (g *Group) StartWithContext(ctx context.Context, f func(context.Context)) {}

// StartWithChannel is a stub.
func (g *Group) StartWithChannel(stopCh <-chan struct{}, f func(stopCh <-chan struct{})) {}

// Forever is a stub.
func Forever(f func(), period time.Duration) {}

// Until is a stub.
func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

// UntilWithContext is a stub.
func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

// NonSlidingUntil is a stub.
func NonSlidingUntil(f func(), period time.Duration, stopCh <-chan struct{}) {}

// NonSlidingUntilWithContext is a stub.
func NonSlidingUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

// JitterUntil is a stub.
func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

// JitterUntilWithContext is a stub.
func JitterUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration, jitterFactor float64, sliding bool) {
}

// ExponentialBackoff is a stub.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

// ExponentialBackoffWithContext is a stub.
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

// Poll is a stub.
func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollWithContext is a stub.
func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollImmediate is a stub.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollImmediateWithContext is a stub.
func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollInfinite is a stub.
func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

// PollInfiniteWithContext is a stub.
func PollInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollImmediateInfinite is a stub.
func PollImmediateInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

// PollUntil is a stub.
func PollUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

// PollUntilWithContext is a stub.
func PollUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollImmediateUntil is a stub.
func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

// PollImmediateUntilWithContext is a stub.
func PollImmediateUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextCancel is a stub.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextTimeout is a stub.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
