// Package setupctx defines an Analyzer that reports set-up code that starts the
// manager, a cache or a cache wait with a context that is never cancelled.
//
// # Analyzer setupctx
//
// setupctx: report a manager or cache wait that shutdown cannot stop
//
// The context given to the manager's Start is the only way to stop it: when it is
// cancelled the manager stops its controllers and other runnables, waits for the
// reconciles in flight up to its graceful-shutdown timeout (30s by default) and, with
// LeaderElectionReleaseOnCancel, gives up the leader lease so that the next replica takes
// over at once. ctrl.SetupSignalHandler() returns a context that is cancelled on SIGTERM
// or SIGINT. With context.Background() or context.TODO() nothing ever cancels it: on
// SIGTERM the process is killed where it stands (or, when another part of the program
// catches the signal, runs on until the kubelet sends SIGKILL), reconciles in flight are
// cut off in the middle of a sequence of writes, and a lease that would have been
// released is held until it expires.
//
// A wait for the caches to sync has the same defect: a cache whose kind cannot be listed
// (a CRD not installed yet, a watch that RBAC refuses) never syncs, and a wait with a
// context that is never cancelled or a stop channel that is never closed blocks forever;
// shutdown cannot interrupt it, so the pod hangs in Terminating.
//
// The analyzer reports, in any function outside test code (main, set-up functions,
// Runnables), these calls when their context is context.Background() or context.TODO()
// (directly, through context.WithValue or context.WithoutCancel, or through a local
// variable assigned only such values) or their stop channel is wait.NeverStop, a
// channel made in the argument, nil, or the Done() of such a context:
//   - Start of a manager.Manager or cluster.Cluster (mgr.Start);
//   - Start and WaitForCacheSync of a controller-runtime cache (mgr.GetCache());
//   - client-go's cache.WaitForCacheSync, cache.WaitForNamedCacheSync and
//     cache.WaitForNamedCacheSyncWithContext.
//
// Not reported: ctrl.SetupSignalHandler() and any context derived from it, the ctx
// parameter of a Runnable's Start, contexts made by WithCancel, WithTimeout or
// signal.NotifyContext (something can cancel them), and test code, including a fixture
// in an ordinary file: a function that builds on a fake clientset (it calls a function
// of a package whose path ends in /fake) never runs in a manager's process. Inside a
// reconcile path a context.Background() is the bgcontext rule's finding.
//
// Bad:
//
//	func main() {
//		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{LeaderElection: true})
//		...
//		if err := mgr.Start(context.Background()); err != nil { // SIGTERM kills it mid-reconcile
//			os.Exit(1)
//		}
//	}
//
//	func (s *syncer) Start(ctx context.Context) error {
//		if !cache.WaitForCacheSync(wait.NeverStop, s.synced) { // blocks forever if never synced
//			return errors.New("cache not synced")
//		}
//		...
//	}
//
// Good:
//
//	func main() {
//		ctx := ctrl.SetupSignalHandler()
//		...
//		if err := mgr.Start(ctx); err != nil {
//			os.Exit(1)
//		}
//	}
//
//	func (s *syncer) Start(ctx context.Context) error {
//		if !cache.WaitForCacheSync(ctx.Done(), s.synced) {
//			return errors.New("cache not synced")
//		}
//		...
//	}
package setupctx
