// Package util is a helper package of the module with no reconciler.
package util

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GetSecret takes a ctx and ignores it, one level down.
func GetSecret(ctx context.Context, c client.Client, key client.ObjectKey, obj client.Object) error { // want GetSecret:"bgcontext: util.GetSecret → util.get → context.TODO"
	return get(ctx, c, key, obj)
}

func get(_ context.Context, c client.Client, key client.ObjectKey, obj client.Object) error {
	return c.Get(context.TODO(), key, obj)
}

// Wrapper passes its ctx to a helper that ignores it.
func Wrapper(c client.Client, obj client.Object) error { // want Wrapper:"bgcontext: util.Wrapper → util.GetSecret → util.get → context.TODO"
	return GetSecret(context.Background(), c, client.ObjectKey{}, obj)
}

// NoCtx has no ctx parameter: callers cannot pass one, so it does not count.
func NoCtx(c client.Client, obj client.Object) error {
	return c.Get(context.Background(), client.ObjectKey{}, obj)
}

// Good uses its ctx.
func Good(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Get(ctx, client.ObjectKey{}, obj)
}

// Detached detaches deliberately.
func Detached(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Delete(context.WithoutCancel(ctx), obj)
}

// Async uses a background ctx on another goroutine.
func Async(ctx context.Context, c client.Client, obj client.Object) {
	go func() { _ = c.Update(context.Background(), obj) }()
}
