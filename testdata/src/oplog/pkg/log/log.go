// Package log is our own minimal stand-in for an operator's logging library of
// another module (cloudnative-pg's machinery/pkg/log): a logger carried in the ctx.
package log

import "context"

// Logger logs.
type Logger interface {
	Info(msg string, keysAndValues ...any)
	Error(err error, msg string, keysAndValues ...any)
}

// FromContext returns the logger of ctx.
func FromContext(ctx context.Context) Logger { return nil }

// Flush writes buffered entries.
func Flush(ctx context.Context) error { return nil }
