// Package util is a helper package of the module with no reconciler.
package util

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// WaitReady polls two levels down.
func WaitReady(ctx context.Context) error { // want WaitReady:"blocking: util.WaitReady → util.poll → wait.PollUntilContextTimeout"
	return poll(ctx)
}

func poll(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) {
		return true, nil
	})
}

// Pause sleeps.
func Pause() { time.Sleep(time.Second) } // want Pause:"blocking: util.Pause → time.Sleep"

// Quick does not block.
func Quick() int { return 1 }

// Async sleeps on another goroutine: not blocking for the caller.
func Async() {
	go func() { time.Sleep(time.Second) }()
}

type Waiter struct{}

// Wait blocks on a timer.
func (Waiter) Wait() { <-time.After(time.Second) } // want Wait:"blocking: util.Waiter.Wait → receive from time.After"

// External is opaque to the analysis but declared blocking.
//
//reconcilelint:blocking
func External() {} // want External:"blocking: util.External → //reconcilelint:blocking"

// Retry sleeps between the attempts of a retry loop: the wait is part of the retry,
// which the retryloop rule reports, so the function has no blocking effect of its own.
func Retry(f func() error) error { // want Retry:"retry loop: util.Retry → f"
	for {
		if err := f(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}
