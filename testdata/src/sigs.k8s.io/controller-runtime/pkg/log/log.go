// Package log synthesizes package sigs.k8s.io/controller-runtime/pkg/log for tests.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

// FromContext is a stub.
func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger { return logr.Logger{} }

// IntoContext is a stub.
func IntoContext(ctx context.Context, log logr.Logger) context.Context { return ctx }
