// Package backoff holds helpers shared by the controllers.
package backoff

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// UntilReady polls check every second for up to a minute.
func UntilReady(ctx context.Context, check func(context.Context) (bool, error)) error {
	return poll(ctx, check)
}

func poll(ctx context.Context, check func(context.Context) (bool, error)) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, check)
}

// Jitter returns a requeue interval; it does not block.
func Jitter(d time.Duration) time.Duration { return d + d/10 }
