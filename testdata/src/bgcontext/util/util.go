// Package util is a helper package of the module with no reconciler.
package util

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GetSecret takes a ctx and ignores it, one level down: the finding is at the
// context.TODO() line of get (bgcontext reports it in this package), so callers, which
// pass their ctx, get no fact.
func GetSecret(ctx context.Context, c client.Client, key client.ObjectKey, obj client.Object) error {
	return get(ctx, c, key, obj)
}

func get(_ context.Context, c client.Client, key client.ObjectKey, obj client.Object) error {
	return c.Get(context.TODO(), key, obj)
}

// Wrapper has no ctx: its callers cannot pass theirs; the fact names the line to change.
func Wrapper(c client.Client, obj client.Object) error { // want Wrapper:"bgcontext: util.Wrapper → context.Background\\(\\) at util.go:23"
	return GetSecret(context.Background(), c, client.ObjectKey{}, obj)
}

// NoCtx has no ctx parameter, two levels down.
func NoCtx(c client.Client, obj client.Object) error { // want NoCtx:"bgcontext: util.NoCtx → util.noCtx → context.Background\\(\\) at util.go:32"
	return noCtx(c, obj)
}

func noCtx(c client.Client, obj client.Object) error {
	return c.Get(context.Background(), client.ObjectKey{}, obj)
}

// Good uses its ctx.
func Good(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Get(ctx, client.ObjectKey{}, obj)
}

// Detached detaches deliberately.
func Detached(ctx context.Context, c client.Client, obj client.Object) error { // want Detached:"sideeffect: util.Detached → client Delete"
	return c.Delete(context.WithoutCancel(ctx), obj)
}

// HasCtx has a ctx and calls a helper without one: the finding is in this package, at
// lookup's line (the ctx of HasCtx can be passed down to it), so neither HasCtx nor
// Lookup, which shares lookup, gets a fact, and their callers are not reported.
func HasCtx(ctx context.Context, c client.Client, obj client.Object) error {
	return lookup(c, obj)
}

// Lookup has no ctx and shares lookup with HasCtx.
func Lookup(c client.Client, obj client.Object) error { return lookup(c, obj) }

func lookup(c client.Client, obj client.Object) error {
	return c.Get(context.TODO(), client.ObjectKey{}, obj)
}

// Async uses a background ctx on another goroutine.
func Async(ctx context.Context, c client.Client, obj client.Object) {
	go func() { _ = c.Update(context.Background(), obj) }()
}
