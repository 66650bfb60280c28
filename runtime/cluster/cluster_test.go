package cluster_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/cluster"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

var (
	app = apiserver.CustomKind("App", true)
	key = apiserver.Key{Namespace: "default", Name: "a"}
)

func newApp() apiserver.Object {
	return apiserver.New(app, "default", "a", map[string]any{"spec": map[string]any{"x": "1"}})
}

func noop(*controller.Ctx, controller.Request) (controller.Result, error) {
	return controller.Result{}, nil
}

func trace(rep *controller.Report) string {
	var b strings.Builder
	for _, l := range rep.Trace {
		b.WriteString(l.Who + ": " + l.Text + "\n")
	}
	return b.String()
}

// TestCacheLagsBehindWrites: a cached read right after a write returns the
// old object; after the lag it returns the new one.
func TestCacheLagsBehindWrites(t *testing.T) {
	w := cluster.New(cluster.Options{Lag: 100 * time.Millisecond})
	w.For("", app)
	w.Seed(newApp())
	var sawOld, sawNew bool
	w.Run(controller.Scenario{
		Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
			if c.Attempt() > 1 {
				return controller.Result{}, nil
			}
			o, _ := w.GetReq(c, app, r)
			o.Set("spec.x", "2")
			if err := w.Update(c, o); err != nil {
				return controller.Result{}, err
			}
			again, _ := w.GetReq(c, app, r)
			sawOld = again.String("spec.x") == "1"
			c.Work(150 * time.Millisecond)
			later, _ := w.GetReq(c, app, r)
			sawNew = later.String("spec.x") == "2"
			return controller.Result{}, nil
		},
	})
	if !sawOld || !sawNew {
		t.Fatalf("read-your-writes: old right after %v, new after the lag %v", sawOld, sawNew)
	}
}

// TestPrioritiesAndPredicates: the initial list and the resync are
// enqueued at LowPriority; GenerationChangedPredicate filters the status
// write and the resync.
func TestPrioritiesAndPredicates(t *testing.T) {
	for _, pred := range []bool{false, true} {
		w := cluster.New(cluster.Options{SyncPeriod: time.Minute, ResyncKeepsRunning: true})
		var preds []cluster.Predicate
		if pred {
			preds = append(preds, cluster.GenerationChangedPredicate())
		}
		w.For("", app, preds...)
		w.Seed(newApp())
		rep := w.Run(controller.Scenario{
			Horizon: 90 * time.Second,
			Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
				o, _ := w.GetReq(c, app, r)
				if o.String("status.phase") == "" {
					o.Set("status.phase", "Ready")
					return controller.Result{}, w.UpdateStatus(c, o)
				}
				return controller.Result{}, nil
			},
		})
		tr := trace(rep)
		if !strings.Contains(tr, "(initial list) → add default/a at LowPriority (-100)") {
			t.Fatalf("initial list not at LowPriority:\n%s", tr)
		}
		if pred {
			if rep.Stats.Reconciles != 1 || !strings.Contains(tr, "filtered by GenerationChangedPredicate") {
				t.Fatalf("with the predicate: %d reconciles\n%s", rep.Stats.Reconciles, tr)
			}
		} else if rep.Stats.Reconciles != 3 || !strings.Contains(tr, "(resync) → add default/a at LowPriority") {
			t.Fatalf("without the predicate: %d reconciles (initial, status write, resync)\n%s", rep.Stats.Reconciles, tr)
		}
	}
}

// TestOwnsMapsOnlyControllerReferences.
func TestOwnsMapsOnlyControllerReferences(t *testing.T) {
	for _, ctrlRef := range []bool{true, false} {
		w := cluster.New(cluster.Options{})
		w.For("", app)
		w.Owns("", app, apiserver.ConfigMap)
		owner, _ := w.Store.Create(newApp(), apiserver.Options{})
		child := apiserver.New(apiserver.ConfigMap, "default", "c", nil)
		if ctrlRef {
			_ = child.SetControllerReference(owner)
		} else {
			_ = child.SetOwnerReference(owner)
		}
		rep := w.Run(controller.Scenario{
			Reconciler: noop,
			Events: []controller.Event{{At: time.Second, What: "child created", Do: func() {
				if _, err := w.Store.Create(child, apiserver.Options{}); err != nil {
					panic(err)
				}
			}}},
		})
		want := 1
		if ctrlRef {
			want = 2
		}
		if rep.Stats.Reconciles != want {
			t.Fatalf("controller reference %v: %d reconciles, want %d\n%s", ctrlRef, rep.Stats.Reconciles, want, trace(rep))
		}
	}
}

// TestManager: leader election delays the start, a lost lease ends the
// process, a cache that cannot list ends it at CacheSyncTimeout.
func TestManager(t *testing.T) {
	w := cluster.New(cluster.Options{LeaderElection: true, LeaseAcquiredAt: 15 * time.Second, LoseLeaseAt: time.Minute})
	w.For("", app)
	w.Seed(newApp())
	var first time.Duration = -1
	rep := w.Run(controller.Scenario{
		Horizon: time.Hour,
		Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
			if first < 0 {
				first = c.Now()
			}
			return controller.Result{RequeueAfter: 10 * time.Second}, nil
		},
	})
	if first != 15*time.Second || rep.Stats.StoppedBy != "leader election lost" || rep.Stats.End != time.Minute {
		t.Fatalf("first reconcile at %v, stopped by %q at %v", first, rep.Stats.StoppedBy, rep.Stats.End)
	}

	w = cluster.New(cluster.Options{ListForbidden: []string{"App"}})
	w.For("", app)
	rep = w.Run(controller.Scenario{Reconciler: noop, Horizon: time.Hour})
	if rep.Stats.StoppedBy != "cache sync timeout" || rep.Stats.End != 2*time.Minute {
		t.Fatalf("stopped by %q at %v", rep.Stats.StoppedBy, rep.Stats.End)
	}
}

// TestGracefulShutdownIsBounded: a reconcile that ignores the cancelled
// ctx keeps the process 30s past SIGTERM, no longer.
func TestGracefulShutdownIsBounded(t *testing.T) {
	for _, aware := range []bool{true, false} {
		w := cluster.New(cluster.Options{ShutdownAt: 10 * time.Second})
		w.For("", app)
		w.Seed(newApp())
		peer := &cluster.External{Name: "peer", Phases: []cluster.Phase{{Hang: true}}}
		rep := w.Run(controller.Scenario{
			Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
				return controller.Result{}, peer.Call(c, "call", aware)
			},
		})
		want, by := 10*time.Second, "SIGTERM"
		if !aware {
			want, by = 40*time.Second, "shutdown timeout"
		}
		if rep.Stats.End != want || rep.Stats.StoppedBy != by {
			t.Fatalf("ctx-aware %v: ended at %v by %q, want %v by %q", aware, rep.Stats.End, rep.Stats.StoppedBy, want, by)
		}
	}
}

// TestRestartListsAnew: events while the process is down are not
// delivered; the new process sees the current state as an initial list.
func TestRestartListsAnew(t *testing.T) {
	w := cluster.New(cluster.Options{Restarts: []cluster.Restart{{At: time.Minute, Down: time.Minute}}})
	var kinds []string
	w.Watches("", app, cluster.Handler{Name: "recorder", Side: func(ev cluster.HandlerEvent) {
		k := string(ev.Kind)
		if ev.InitialList {
			k += " (initial)"
		}
		kinds = append(kinds, k+" "+ev.Object.String("spec.x"))
	}})
	w.Seed(newApp())
	memory := 1
	w.OnRestart(func() { memory = 0 })
	w.Run(controller.Scenario{
		Reconciler: noop,
		Events: []controller.Event{{At: 90 * time.Second, What: "update while down", Do: func() {
			o, _ := w.Store.Get("App", key)
			o.Set("spec.x", "2")
			if _, err := w.Store.Update(o, apiserver.Options{}); err != nil {
				panic(err)
			}
		}}},
	})
	got := strings.Join(kinds, ", ")
	if got != "create (initial) 1, create (initial) 2" || memory != 0 {
		t.Fatalf("events %q, memory %d", got, memory)
	}
}

// TestReconcileCtx: reconcileID, logger values and context.Cause.
func TestReconcileCtx(t *testing.T) {
	w := cluster.New(cluster.Options{})
	w.For("app", app)
	w.Seed(newApp())
	var id string
	var vals []string
	var err, cause error
	w.Run(controller.Scenario{
		Options:        controller.Options{ReconciliationTimeout: time.Second},
		ControllerName: "app",
		Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
			id, vals = c.ReconcileID(), c.LogValues()
			c.Wait(time.Minute)
			err, cause = c.Err(), c.Cause()
			return controller.Result{}, nil
		},
	})
	if id != "reconcile-1" || strings.Join(vals, " ") != "controller app namespace default name a reconcileID reconcile-1" {
		t.Fatalf("id %q values %v", id, vals)
	}
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(cause, controller.ErrTimeoutCause) {
		t.Fatalf("Err %v, Cause %v", err, cause)
	}
}
