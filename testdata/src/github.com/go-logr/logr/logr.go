// Package logr synthesizes package github.com/go-logr/logr for tests.
package logr

// Logger is a structured logger.
type Logger struct{}

// Info is a stub.
func (l Logger) Info(msg string, keysAndValues ...any) {}

// Error is a stub.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}

// V is a stub.
func (l Logger) V(level int) Logger { return l }

// WithValues is a stub.
func (l Logger) WithValues(keysAndValues ...any) Logger { return l }

// WithName is a stub.
func (l Logger) WithName(name string) Logger { return l }

// Discard returns a Logger that drops everything.
func Discard() Logger { return Logger{} }
