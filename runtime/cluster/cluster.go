// Package cluster puts the controllers of runtime/controller into a cluster
// in virtual time: the API server's object store (runtime/apiserver), an
// informer per watched kind whose cache lags behind the store, the event
// handlers and predicates controller-runtime builds (For, Owns, Watches), a
// manager (leader election, cache sync, graceful shutdown, restarts) and
// external systems scripted as actors that can be slow, fail or hang.
//
// A scenario declares the kinds and the watches, then runs a
// controller.Scenario whose events change the store (a user's kubectl
// apply, another controller's write) instead of enqueuing requests: the
// requests come from the informers, as in a real process.
//
//	w := cluster.New(cluster.Options{})
//	w.Register(app, apiserver.ConfigMap)
//	w.For("", app)
//	w.Owns("", apiserver.ConfigMap)
//	rep := w.Run(controller.Scenario{Reconciler: ..., Events: ...})
package cluster

import (
	"fmt"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

// Options of the simulated cluster and manager; zero values take the
// defaults of controller-runtime v0.24.1 and client-go v0.36.
type Options struct {
	// Lag is how long a watch event takes from the store to the
	// informer's cache and handlers (default 100ms): until then a cached
	// read returns the old object, so read-your-writes does not hold.
	Lag time.Duration
	// APILatency is the round trip of one API request (default 5ms).
	APILatency time.Duration
	// ListLatency is how long an informer's initial list takes (default
	// 200ms).
	ListLatency time.Duration
	// SyncPeriod is the informers' resync period (default 10h).
	SyncPeriod time.Duration
	// CacheSyncTimeout bounds a controller's wait for its caches
	// (default 2m); past it the controller fails to start and the
	// manager exits.
	CacheSyncTimeout time.Duration
	// GracefulShutdownTimeout bounds the wait for running reconciles at
	// shutdown (default 30s).
	GracefulShutdownTimeout time.Duration
	// LeaderElection: the controllers start only once the lease is
	// acquired, at LeaseAcquiredAt.
	LeaderElection  bool
	LeaseAcquiredAt time.Duration
	// LoseLeaseAt > 0: the lease is lost then, and the process exits.
	LoseLeaseAt time.Duration
	// ShutdownAt > 0: SIGTERM then (graceful shutdown).
	ShutdownAt time.Duration
	// IgnoreSIGTERM: the manager was started with a ctx nothing cancels
	// (context.Background()): SIGTERM stops nothing, and the kubelet
	// kills the process TerminationGracePeriod later (default 30s).
	IgnoreSIGTERM          bool
	TerminationGracePeriod time.Duration
	// Restarts: the process is down from At for Down, then a new one
	// starts (new caches, new queues, empty memory).
	Restarts []Restart
	// GCDelay is the garbage collector's reaction time (default 1s).
	GCDelay time.Duration
	// ResyncKeepsRunning: the resync timers keep the run going until the
	// horizon (a scenario about what only the resync brings).
	ResyncKeepsRunning bool
	// ListForbidden names kinds the informers cannot list (missing
	// RBAC): their caches never sync.
	ListForbidden []string
}

// Restart is a period during which the process is down.
type Restart struct {
	At, Down time.Duration
}

// Cluster is the store, the informers and the manager of one run.
type Cluster struct {
	opts      Options
	Store     *apiserver.Store
	env       *controller.Env
	informers map[string]*informer
	kinds     []string
	watches   []*Watch
	stopped   bool // process down
	onRestart []func()
	// rv of each informer at the last delivery (for the trace)
}

// New returns an empty cluster.
func New(o Options) *Cluster {
	if o.Lag == 0 {
		o.Lag = 100 * time.Millisecond
	}
	if o.APILatency == 0 {
		o.APILatency = 5 * time.Millisecond
	}
	if o.ListLatency == 0 {
		o.ListLatency = 200 * time.Millisecond
	}
	if o.SyncPeriod == 0 {
		o.SyncPeriod = 10 * time.Hour
	}
	if o.CacheSyncTimeout == 0 {
		o.CacheSyncTimeout = 2 * time.Minute
	}
	if o.GracefulShutdownTimeout == 0 {
		o.GracefulShutdownTimeout = 30 * time.Second
	}
	if o.TerminationGracePeriod == 0 {
		o.TerminationGracePeriod = 30 * time.Second
	}
	if o.GCDelay == 0 {
		o.GCDelay = time.Second
	}
	c := &Cluster{opts: o, informers: map[string]*informer{}}
	c.Store = apiserver.NewStore(c.now, c.schedule)
	c.Store.GCDelay = o.GCDelay
	c.Store.Log = func(format string, args ...any) { c.logf("apiserver", format, args...) }
	return c
}

func (c *Cluster) now() time.Duration {
	if c.env == nil {
		return 0
	}
	return c.env.Now()
}

func (c *Cluster) schedule(d time.Duration, f func()) {
	if c.env == nil {
		f()
		return
	}
	c.env.After(d, false, f)
}

// Logf adds a line to the trace (for side effects a scenario's handlers
// perform).
func (c *Cluster) Logf(who, format string, args ...any) { c.logf(who, format, args...) }

func (c *Cluster) logf(who, format string, args ...any) {
	if c.env != nil {
		c.env.Logf(who, format, args...)
	}
}

// Register adds kinds to the store.
func (c *Cluster) Register(kinds ...apiserver.Kind) {
	for _, k := range kinds {
		c.Store.Register(k)
		c.kinds = append(c.kinds, k.Name)
	}
}

// Seed creates objects before the run starts (they are there when the
// informers list).
func (c *Cluster) Seed(objs ...apiserver.Object) {
	log := c.Store.Log
	c.Store.Log = nil
	for _, o := range objs {
		if _, err := c.Store.Create(o, apiserver.Options{FieldManager: "kubectl"}); err != nil {
			panic(err)
		}
	}
	c.Store.Log = log
}

// OnRestart registers f to run when the process restarts (reset the
// reconciler's memory).
func (c *Cluster) OnRestart(f func()) { c.onRestart = append(c.onRestart, f) }

// Run runs the scenario in this cluster: the controllers start under the
// manager, their watches feed their queues.
func (c *Cluster) Run(sc controller.Scenario) *controller.Report {
	user := sc.Setup
	sc.Deferred = true
	if sc.GracefulShutdownTimeout == 0 {
		sc.GracefulShutdownTimeout = c.opts.GracefulShutdownTimeout
	}
	sc.Setup = func(env *controller.Env) {
		c.env = env
		c.start()
		if user != nil {
			user(env)
		}
	}
	rep := controller.Run(sc)
	if rep.Stats.Counters == nil {
		rep.Stats.Counters = map[string]int{}
	}
	rep.Stats.Counters["resourceVersion at end"] = int(c.Store.ResourceVersion())
	return rep
}

// AddWatch registers a watch while the process runs (a watch started
// inside Reconcile): its handler gets the cache's contents at once as
// initial-list events.
func (c *Cluster) AddWatch(w *Watch) {
	c.watches = append(c.watches, w)
	c.informer(w.Kind.Name).addWatch(w)
}

// start brings up a process: informers list, leader election, controllers.
func (c *Cluster) start() {
	c.stopped = false
	env := c.env
	for _, k := range c.watchedKinds() {
		c.informer(k)
	}
	elected := time.Duration(0)
	if c.opts.LeaderElection {
		elected = max(c.opts.LeaseAcquiredAt-env.Now(), 0)
		if elected > 0 {
			c.logf("manager", "leader election: waiting for the lease (held by another replica)")
		}
	}
	env.After(elected, false, func() {
		if c.opts.LeaderElection {
			c.logf("manager", "leader election: lease acquired")
		}
		for _, name := range env.Controllers() {
			c.startController(name)
		}
	})
	if c.opts.LoseLeaseAt > 0 && env.Now() < c.opts.LoseLeaseAt {
		env.After(c.opts.LoseLeaseAt-env.Now(), true, func() {
			c.logf("manager", "leader election lost: lease not renewed within the renew deadline")
			env.Exit("leader election lost")
		})
	}
	if c.opts.ShutdownAt > 0 && env.Now() < c.opts.ShutdownAt {
		env.After(c.opts.ShutdownAt-env.Now(), false, func() {
			if c.opts.IgnoreSIGTERM {
				c.logf("manager", "SIGTERM: the manager's ctx is never cancelled, nothing stops")
				env.After(c.opts.TerminationGracePeriod, false, func() {
					env.Exit(fmt.Sprintf("SIGKILL after terminationGracePeriodSeconds (%s), %d reconcile(s) cut off", controller.FormatDuration(c.opts.TerminationGracePeriod), env.Busy()))
				})
				return
			}
			c.logf("manager", "SIGTERM: stopping the controllers (graceful shutdown, at most %s)", controller.FormatDuration(c.opts.GracefulShutdownTimeout))
			env.Shutdown("SIGTERM")
		})
	}
	for _, r := range c.opts.Restarts {
		if env.Now() >= r.At {
			continue
		}
		env.After(r.At-env.Now(), false, func() {
			c.stopped = true
			for _, in := range c.informers {
				in.stop()
			}
			c.informers = map[string]*informer{}
			env.Restart(fmt.Sprintf("process down for %s", controller.FormatDuration(r.Down)))
			for _, f := range c.onRestart {
				f()
			}
			env.After(r.Down, false, func() {
				c.logf("process", "new process starts")
				c.start()
			})
		})
	}
}

// startController registers the controller's watches (the handlers get
// the informers' current contents as initial-list events), waits for the
// caches to sync and starts the workers.
func (c *Cluster) startController(name string) {
	var ins []*informer
	for _, w := range c.watches {
		if w.Controller != name {
			continue
		}
		in := c.informer(w.Kind.Name)
		in.addWatch(w)
		ins = append(ins, in)
	}
	waited := time.Duration(0)
	var wait func()
	wait = func() {
		for _, in := range ins {
			if !in.synced {
				if waited >= c.opts.CacheSyncTimeout {
					c.logf("manager", "%s: timed out waiting for cache of %s to be synced (CacheSyncTimeout %s): the controller fails to start, the manager exits",
						nameOr(name), in.kind.Name, controller.FormatDuration(c.opts.CacheSyncTimeout))
					c.env.Exit("cache sync timeout")
					return
				}
				step := min(100*time.Millisecond, c.opts.CacheSyncTimeout-waited)
				waited += step
				c.env.After(step, false, wait)
				return
			}
		}
		c.env.Start(name)
	}
	wait()
}

func nameOr(n string) string {
	if n == "" {
		return "controller"
	}
	return "controller " + n
}

func (c *Cluster) watchedKinds() []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range c.watches {
		if !seen[w.Kind.Name] {
			seen[w.Kind.Name] = true
			out = append(out, w.Kind.Name)
		}
	}
	return out
}

func (c *Cluster) informer(kind string) *informer {
	if in, ok := c.informers[kind]; ok {
		return in
	}
	k, ok := c.Store.KindOf(kind)
	if !ok {
		panic("cluster: unknown kind " + kind)
	}
	in := newInformer(c, k)
	c.informers[kind] = in
	return in
}

func describe(reqs []controller.Request) string {
	names := make([]string, len(reqs))
	for i, r := range reqs {
		names[i] = r.String()
	}
	return strings.Join(names, ", ")
}
