package basic

import (
	"context"
	"errors"
	"os"

	"k8s.io/apimachinery/pkg/util/wait"
	toolscache "k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

func main() {
	var mgr ctrl.Manager
	if err := mgr.Start(context.Background()); err != nil { // want `^mgr.Start with context.Background\(\) is never stopped: on SIGTERM the process is killed mid-reconcile instead of stopping the controllers, waiting for the reconciles in flight and releasing the leader lease; pass ctrl.SetupSignalHandler\(\) or a context derived from it$`
		os.Exit(1)
	}
}

func startTODO(mgr manager.Manager) error {
	return mgr.Start(context.TODO()) // want `^mgr.Start with context.TODO\(\) is never stopped`
}

// Through a local variable and a derived value context.
func viaVar(mgr manager.Manager) error {
	ctx := context.Background()
	ctx = context.WithValue(ctx, key{}, "v")
	return mgr.Start(ctx) // want `^mgr.Start with ctx \(context.Background\(\)\) is never stopped`
}

type key struct{}

func startCluster(c cluster.Cluster) error {
	return c.Start(context.WithoutCancel(context.Background())) // want `^c.Start with a context derived from context.Background\(\) is never stopped`
}

// The cache of the manager.
func cacheSync(mgr manager.Manager) error {
	if !mgr.GetCache().WaitForCacheSync(context.Background()) { // want `^mgr.GetCache\(\).WaitForCacheSync with context.Background\(\) can never be interrupted: a cache that does not sync \(a CRD not installed, a watch refused by RBAC\) blocks it forever and shutdown cannot stop it; pass the manager's context \(the ctx of a Runnable's Start, or ctrl.SetupSignalHandler\(\)\)$`
		return errors.New("not synced")
	}
	go mgr.GetCache().Start(context.TODO()) // want `^mgr.GetCache\(\).Start with context.TODO\(\) is never stopped`
	return nil
}

// client-go's waits with stop channels.
type syncer struct{ synced toolscache.InformerSynced }

func (s *syncer) Start(ctx context.Context) error {
	if !toolscache.WaitForCacheSync(wait.NeverStop, s.synced) { // want `^toolscache.WaitForCacheSync with wait.NeverStop can never be interrupted`
		return errors.New("not synced")
	}
	toolscache.WaitForNamedCacheSync("syncer", make(chan struct{}), s.synced) // want `WaitForNamedCacheSync with a channel that nothing can close`
	toolscache.WaitForCacheSync(nil, s.synced)                                // want `WaitForCacheSync with a nil channel`
	toolscache.WaitForCacheSync(context.Background().Done(), s.synced)        // want `WaitForCacheSync with the Done channel of context.Background\(\)`
	stop := wait.NeverStop
	toolscache.WaitForCacheSync(stop, s.synced)                                 // want `WaitForCacheSync with stop \(wait.NeverStop\)`
	toolscache.WaitForNamedCacheSyncWithContext(context.Background(), s.synced) // want `WaitForNamedCacheSyncWithContext with context.Background\(\) can never be interrupted`
	return nil
}
