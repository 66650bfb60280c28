// Package helpers is a helper package of the module with no reconciler: its functions
// that have a ctx and ignore it are reported here, at the context.TODO() line, once,
// whoever calls them.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnsureSecret takes a ctx and ignores it.
func EnsureSecret(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Create(context.TODO(), obj) // want `^context.TODO\(\) detaches the work from the ctx its callers pass: it is not cancelled with that ctx \(at shutdown, at a deadline, when a webhook's request ends\), and loses the caller's logger: use ctx \(EnsureSecret\)$`
}

// Helper carries a client.
type Helper struct{ c client.Client }

// Patch is a method that ignores its ctx.
func (h *Helper) Patch(ctx context.Context, obj client.Object) error {
	return h.c.Update(context.Background(), obj) // want `^context.Background\(\) detaches the work from the ctx its callers pass: .*: use ctx \(Patch\)$`
}

// DeleteAll passes its ctx to a helper that ignores it: the finding is in the helper.
func DeleteAll(ctx context.Context, c client.Client, objs []client.Object) error {
	for _, o := range objs {
		if err := del(ctx, c, o); err != nil {
			return err
		}
	}
	return nil
}

func del(ctx context.Context, c client.Client, o client.Object) error {
	return c.Delete(context.TODO(), o) // want `^context.TODO\(\) detaches .*: use ctx \(DeleteAll → del\)$`
}

// Unnamed cannot be fixed by a replacement: its ctx has no name.
func Unnamed(_ context.Context, c client.Client, o client.Object) error {
	return c.Update(context.TODO(), o) // want `^context.TODO\(\) detaches .*: use the ctx parameter \(it is unnamed or shadowed here\) \(Unnamed\)$`
}

// Refresh has a ctx and calls a helper that has none: the ctx is to be passed down.
func Refresh(ctx context.Context, c client.Client, o client.Object) error {
	return refresh(c, o)
}

func refresh(c client.Client, o client.Object) error {
	return c.Get(context.TODO(), client.ObjectKey{}, o) // want `^context.TODO\(\) detaches .*: pass the ctx of Refresh down to here \(Refresh → refresh\)$`
}

// Closure ignores its ctx in a function literal.
func Closure(ctx context.Context, c client.Client, o client.Object) error {
	update := func() error {
		return c.Update(context.TODO(), o) // want `^context.TODO\(\) detaches .*: use ctx \(Closure → func literal\)$`
	}
	return update()
}

// Not reported below.

// Uses uses its ctx.
func Uses(ctx context.Context, c client.Client, o client.Object) error {
	return c.Update(ctx, o)
}

// Detach detaches deliberately.
func Detach(ctx context.Context, c client.Client, o client.Object) error {
	return c.Delete(context.WithoutCancel(ctx), o)
}

// Async uses a background ctx on another goroutine (the goroutine rule's business).
func Async(ctx context.Context, c client.Client, o client.Object) {
	go func() { _ = c.Update(context.Background(), o) }()
}

// NoCtx has no ctx to use: its callers, which know whether a reconcile reaches it,
// are reported.
func NoCtx(c client.Client, o client.Object) error {
	return c.Get(context.Background(), client.ObjectKey{}, o)
}

// unused is reached from no exported function.
func unused(ctx context.Context, c client.Client, o client.Object) error {
	return c.Update(context.TODO(), o)
}

// Ignored carries an ignore directive.
func Ignored(ctx context.Context, c client.Client, o client.Object) error {
	//reconcilelint:ignore bgcontext the audit record must be written even on shutdown
	return c.Create(context.Background(), o)
}

// Runnable is a manager Runnable: its Start is not a helper of a reconcile.
type Runnable struct{ c client.Client }

func (n *Runnable) Start(ctx context.Context) error {
	var o client.Object
	return n.c.Get(context.TODO(), client.ObjectKey{}, o)
}

// Derived shadows its ctx with a derived one of the same name: the fix uses it.
func Derived(ctx context.Context, c client.Client, o client.Object) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	return c.Update(context.TODO(), o) // want `^context.TODO\(\) detaches .*: use ctx \(Derived\)$`
}

// Setup registers a map function as a value (cluster-api v1.0's SetupWithManager(ctx)
// with handler.EnqueueRequestsFromMapFunc(r.clusterToConfigs)): the function runs
// later, from the event handler, without Setup's ctx, so its TODO is not Setup's.
func Setup(ctx context.Context, register func(func(client.Object) []string)) {
	register(clusterToConfigs)
}

var mapClient client.Client

func clusterToConfigs(o client.Object) []string {
	_ = mapClient.Get(context.TODO(), client.ObjectKey{}, o)
	return nil
}

type Cache struct{ cancel context.CancelFunc }

// SetupWithManager starts a cache that lives as long as the process, with a context of
// its own (cluster-api's ClusterCache): set-up code is not judged by its ctx.
func (c *Cache) SetupWithManager(ctx context.Context, mgr any) error {
	_, c.cancel = context.WithCancel(context.Background())
	return nil
}

// SetupCacheWithManager is the function form (cluster-api v1.14's
// clustercache.SetupWithManager).
func SetupCacheWithManager(ctx context.Context, mgr any) (context.CancelFunc, error) {
	_, cancel := context.WithCancel(context.Background())
	return cancel, nil
}
