package controller

import (
	"fmt"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
)

// Env is what the layers around the controllers (informers, a manager,
// external actors: package runtime/cluster) see of a run: the virtual clock,
// the controllers' queues, the trace and the process's life.
type Env struct {
	s         *sim
	onRestart []func()
}

// Clock returns the run's virtual clock.
func (e *Env) Clock() *clock.Virtual { return e.s.clk }

// Now returns the virtual time since the start of the run.
func (e *Env) Now() time.Duration { return e.s.now() }

// After runs f after d. A foreground timer keeps the run from ending idle
// until it has fired (a watch event in flight, a scripted change); a
// background one does not (a resync, a lease renewal). Stop cancels it.
func (e *Env) After(d time.Duration, background bool, f func()) (stop func()) {
	s := e.s
	if !background {
		s.fg++
	}
	done := false
	t := s.clk.AfterFunc(d, func() {
		if !background {
			s.fg--
		}
		done = true
		if s.crashed {
			return
		}
		f()
		s.checkConverged()
	})
	return func() {
		if !done && t.Stop() {
			done = true
			if !background {
				s.fg--
			}
		}
	}
}

// Logf adds a line to the trace.
func (e *Env) Logf(who, format string, args ...any) { e.s.logf(who, format, args...) }

// Count adds n to the scenario counter name (Stats.Counters).
func (e *Env) Count(name string, n int) {
	if e.s.st.Counters == nil {
		e.s.st.Counters = map[string]int{}
	}
	e.s.st.Counters[name] += n
}

func (e *Env) ctrl(name string) *ctrl {
	for _, c := range e.s.ctrls {
		if c.name == name {
			return c
		}
	}
	panic(fmt.Sprintf("controller: no controller named %q", name))
}

// Controllers returns the names of the controllers.
func (e *Env) Controllers() []string {
	var out []string
	for _, c := range e.s.ctrls {
		out = append(out, c.name)
	}
	return out
}

// PriorityQueue reports whether the controller uses the priority queue (an
// event handler then sets priorities).
func (e *Env) PriorityQueue(controller string) bool {
	o := e.ctrl(controller).opts
	return o.UsePriorityQueue == nil || *o.UsePriorityQueue
}

// Enqueue adds requests to the controller's queue. It reports false when
// the queue is shut down (the add is ignored).
func (e *Env) Enqueue(controller string, opts AddOpts, reqs ...Request) bool {
	c := e.ctrl(controller)
	if e.s.stopped || e.s.crashed {
		return false
	}
	c.q.AddWithOpts(opts, reqs...)
	return true
}

// Start lets the controller's workers take items (a manager starts a
// controller after leader election and cache sync).
func (e *Env) Start(controller string) {
	c := e.ctrl(controller)
	if !c.started {
		c.started = true
		e.s.logf("manager", "starting %d worker(s) of %s", len(c.workers), nameOr(controller))
	}
}

// Started reports whether the controller's workers run.
func (e *Env) Started(controller string) bool { return e.ctrl(controller).started }

func nameOr(n string) string {
	if n == "" {
		return "the controller"
	}
	return "controller " + n
}

// Shutdown stops the process gracefully: the queues shut down, the
// contexts of running reconciles are cancelled, and the run ends once they
// return (or at Scenario.GracefulShutdownTimeout).
func (e *Env) Shutdown(why string) {
	if !e.s.stopped {
		e.s.st.StoppedBy = why
		e.s.shutdown(why)
	}
}

// Busy returns the number of reconciles running.
func (e *Env) Busy() int {
	n := 0
	for _, w := range e.s.workers {
		if w.busy {
			n++
		}
	}
	return n
}

// Exit ends the process at once, as os.Exit does (a lost leader lease, a
// cache that did not sync): running reconciles are abandoned mid-way.
func (e *Env) Exit(why string) {
	if e.s.crashed {
		return
	}
	e.s.logf("manager", "process exits: %s", why)
	e.s.crashed = true
	e.s.st.StoppedBy = why
}

// Restart ends the process at once and starts a new one: every queue,
// limiter and in-flight reconcile is lost, the controllers wait for Start
// again, and the functions given to OnRestart run (informers list
// anew, in-memory state is reset).
func (e *Env) Restart(why string) {
	s := e.s
	n := 0
	for _, w := range s.workers {
		if w.busy {
			n++
			w.task.abandon()
		}
	}
	lost := 0
	for _, c := range s.ctrls {
		lost += c.q.Len()
		s.addMetrics(c.q.Metrics())
		c.q.ShutDown()
	}
	for _, g := range s.goroutines {
		g.abandon()
	}
	what := []string{why}
	if n > 0 {
		what = append(what, fmt.Sprintf("%d reconcile(s) cut off", n))
	}
	if lost > 0 {
		what = append(what, fmt.Sprintf("%d queued request(s) lost", lost))
	}
	s.logf("process", "restart (%s): queues, caches and memory of the old process are gone", strings.Join(what, ", "))
	for _, c := range s.ctrls {
		c.started = false
		s.newQueue(c)
	}
	for _, f := range e.onRestart {
		f()
	}
}

// OnRestart registers f to run when the process restarts.
func (e *Env) OnRestart(f func()) { e.onRestart = append(e.onRestart, f) }
