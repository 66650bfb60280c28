// Package signals synthesizes package sigs.k8s.io/controller-runtime/pkg/manager/signals for tests.
package signals

import "context"

// SetupSignalHandler returns a context cancelled on SIGTERM or SIGINT.
func SetupSignalHandler() context.Context { return context.Background() }
