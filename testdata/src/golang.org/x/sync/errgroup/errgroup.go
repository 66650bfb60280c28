// Package errgroup synthesizes package golang.org/x/sync/errgroup for tests.
package errgroup

import "context"

// Group runs goroutines and collects the first error.
type Group struct{}

// WithContext is a stub.
func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

// Wait is a stub.
func (g *Group) Wait() error { return nil }

// Go is a stub.
func (g *Group) Go(f func() error) {}

// TryGo is a stub.
func (g *Group) TryGo(f func() error) bool { return true }

// SetLimit is a stub.
func (g *Group) SetLimit(n int) {}
