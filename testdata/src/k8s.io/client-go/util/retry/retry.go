// Package retry synthesizes package k8s.io/client-go/util/retry for tests.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is a backoff for conflicts.
var DefaultRetry = wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

// DefaultBackoff is a backoff for slower retries.
var DefaultBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

// OnError is a stub that calls fn once.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { return fn() }

// RetryOnConflict is a stub that calls fn once.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error { return fn() }
