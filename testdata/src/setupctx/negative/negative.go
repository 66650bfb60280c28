package negative

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	toolscache "k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

func main() {
	var mgr ctrl.Manager
	ctx := ctrl.SetupSignalHandler()
	if err := mgr.Start(ctx); err != nil {
		os.Exit(1)
	}
}

// The signal handler's context, directly and derived.
func direct(mgr manager.Manager) error { return mgr.Start(ctrl.SetupSignalHandler()) }

func derived(mgr manager.Manager) error {
	ctx, cancel := context.WithCancel(ctrl.SetupSignalHandler())
	defer cancel()
	return mgr.Start(context.WithValue(ctx, key{}, 1))
}

type key struct{}

// Contexts that something can cancel, even when made from Background.
func cancellable(mgr manager.Manager) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	return mgr.Start(ctx)
}

func timeout(mgr manager.Manager) bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return mgr.GetCache().WaitForCacheSync(ctx)
}

// A variable assigned a cancellable context on one path is not certain.
func mixed(mgr manager.Manager, withSignals bool) error {
	ctx := context.Background()
	if withSignals {
		ctx = ctrl.SetupSignalHandler()
	}
	return mgr.Start(ctx)
}

// A parameter: the caller decides.
func param(ctx context.Context, mgr manager.Manager) error { return mgr.Start(ctx) }

// A Runnable passes its own ctx and its Done channel.
type syncer struct{ synced toolscache.InformerSynced }

func (s *syncer) Start(ctx context.Context) error {
	if !toolscache.WaitForCacheSync(ctx.Done(), s.synced) {
		return errors.New("not synced")
	}
	stop := make(chan struct{})
	defer close(stop)
	toolscache.WaitForNamedCacheSync("syncer", stop, s.synced) // closed by someone who holds it
	toolscache.WaitForNamedCacheSyncWithContext(ctx, s.synced)
	return nil
}

// Other Start methods with a Background context are not the manager's.
type other struct{}

func (other) Start(ctx context.Context) error { return nil }

func otherStart() error { return other{}.Start(context.Background()) }
