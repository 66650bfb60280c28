package controller

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
)

// Ctx is what a scenario's reconciler gets instead of a context.Context: the
// request's context (deadline, cancellation) plus the ways to spend virtual
// time. Its methods may only be called from the reconcile (or goroutine)
// that received it.
type Ctx struct {
	s      *sim
	task   *task
	parent *Ctx // for goroutines: they share the reconcile's ctx
	who    string
	req    Request
	seq    int
	worker *worker
	start  time.Time

	deadline time.Time // zero: none
	err      error     // cancellation other than the deadline

	controller string

	blocked    time.Duration
	waitingCtx bool
	wake       clock.Timer
}

// Request returns the request being reconciled.
func (c *Ctx) Request() Request { return c.req }

// Now returns the virtual time since the start of the run.
func (c *Ctx) Now() time.Duration { return c.s.now() }

// Attempt returns the number of the reconcile (1 for the first of the run).
func (c *Ctx) Attempt() int { return c.seq }

// Controller returns the name of the controller running the reconcile.
func (c *Ctx) Controller() string {
	if c.parent != nil {
		return c.parent.Controller()
	}
	return c.controller
}

// ReconcileID is the reconcileID controller-runtime puts into the reconcile
// ctx and its logger (a UUID there; here the reconcile's number, so that
// traces stay deterministic).
func (c *Ctx) ReconcileID() string { return fmt.Sprintf("reconcile-%d", c.seq) }

// LogValues are the key/value pairs of the logger controller-runtime puts
// into the reconcile ctx (logf.FromContext(ctx)): controller, namespace,
// name and reconcileID.
func (c *Ctx) LogValues() []string {
	return []string{"controller", c.Controller(), "namespace", c.req.Namespace, "name", c.req.Name, "reconcileID", c.ReconcileID()}
}

// ErrTimeoutCause is the cause controller-runtime gives the reconcile ctx's
// timeout (context.WithTimeoutCause): context.Cause returns it once the
// ReconciliationTimeout has expired, while Err returns DeadlineExceeded.
var ErrTimeoutCause = errors.New("reconciliation timeout")

// Cause is context.Cause(ctx): ErrTimeoutCause after the
// ReconciliationTimeout, otherwise the same as Err.
func (c *Ctx) Cause() error {
	err := c.Err()
	if errors.Is(err, context.DeadlineExceeded) {
		return ErrTimeoutCause
	}
	return err
}

// Err is ctx.Err(): context.DeadlineExceeded once the ReconciliationTimeout
// has expired, context.Canceled after shutdown (and, with a
// ReconciliationTimeout, once the reconcile has returned, as its deferred
// cancel runs then).
func (c *Ctx) Err() error {
	if c.parent != nil {
		return c.parent.Err()
	}
	if c.err != nil {
		return c.err
	}
	if !c.deadline.IsZero() && !c.s.clk.Now().Before(c.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

func (c *Ctx) cancelled(err error) {
	if c.parent != nil {
		c.parent.cancelled(err)
	} else if c.Err() == nil {
		c.err = err
	}
	c.interrupt()
}

// interrupt wakes a ctx-aware Wait now.
func (c *Ctx) interrupt() {
	if c.waitingCtx && c.wake != nil && c.wake.Stop() {
		c.wake = c.s.clk.AfterFunc(0, c.task.resume)
	}
}

// Logf adds a line to the trace, attributed to this reconcile or goroutine.
func (c *Ctx) Logf(format string, args ...any) {
	c.s.trace = append(c.s.trace, Line{At: c.s.now(), Who: c.who, Text: fmt.Sprintf(format, args...), Detail: true})
}

// Count adds one to the scenario counter name, reported in Stats.Counters
// (for example the number of API calls made).
func (c *Ctx) Count(name string) {
	if c.s.st.Counters == nil {
		c.s.st.Counters = map[string]int{}
	}
	c.s.st.Counters[name]++
}

// Work spends d of virtual time doing work (API calls, computation). It
// ignores cancellation, as a call that does not take the ctx does.
func (c *Ctx) Work(d time.Duration) { c.sleepFor(d) }

// Sleep is time.Sleep: it holds the worker for d whatever the ctx says. The
// time counts as worker time blocked.
func (c *Ctx) Sleep(d time.Duration) {
	c.blocked += c.sleepFor(d)
}

// Wait is a select on ctx.Done() and a d timer (wait.Poll with the ctx, a
// ctx-aware client call): it returns ctx.Err() early on cancellation or at
// the ReconciliationTimeout. The time counts as worker time blocked.
func (c *Ctx) Wait(d time.Duration) error {
	if err := c.Err(); err != nil {
		return err
	}
	if dl := c.deadlineTime(); !dl.IsZero() {
		d = min(d, dl.Sub(c.s.clk.Now()))
	}
	c.waitingCtx = true
	c.blocked += c.sleepFor(d)
	c.waitingCtx = false
	return c.Err()
}

func (c *Ctx) deadlineTime() time.Time {
	if c.parent != nil {
		return c.parent.deadlineTime()
	}
	return c.deadline
}

// sleepFor parks the task until d has passed (or, in a ctx-aware Wait, until
// interrupt wakes it) and returns the virtual time that passed.
func (c *Ctx) sleepFor(d time.Duration) time.Duration {
	from := c.s.clk.Now()
	if d < 0 {
		d = 0
	}
	c.wake = c.s.clk.AfterFunc(d, c.task.resume)
	c.task.park()
	c.wake = nil
	return c.s.clk.Since(from)
}

// Go starts f as a goroutine that is not joined: it runs concurrently with
// the rest of the reconcile and after it, sharing its ctx. An error it
// returns is lost (the trace says so); a panic in it crashes the process,
// whatever RecoverPanic says, as in Go.
func (c *Ctx) Go(name string, f func(*Ctx) error) {
	s := c.s
	s.gSeq++
	root := c
	for root.parent != nil {
		root = root.parent
	}
	g := &Ctx{s: s, parent: root, who: fmt.Sprintf("goroutine %d", s.gSeq), req: c.req, seq: c.seq, start: s.clk.Now()}
	t := newTask(g, func(g *Ctx) outcome { return outcome{err: f(g)} })
	t.id = s.gSeq
	s.goroutines = append(s.goroutines, t)
	s.st.GoroutinesStarted++
	c.Logf("go %s (goroutine %d, not joined)", name, t.id)
	t.onDone = func(o outcome) {
		switch {
		case o.panicked:
			s.logf(g.who, "panics: %v: an unrecovered panic in a goroutine crashes the process", o.panicVal)
			s.crashed = true
			s.st.Crashed = true
		case o.err != nil:
			s.st.GoroutineErrorsLost++
			s.logf(g.who, "%s returns %s: nobody receives it, no requeue", name, errText(o.err))
		default:
			s.logf(g.who, "%s returns nil", name)
		}
		s.checkConverged()
	}
	s.clk.AfterFunc(0, t.resume)
}

type outcome struct {
	res      Result
	err      error
	panicked bool
	panicVal any
}

// task runs a reconcile or goroutine body on its own goroutine, in lockstep
// with the scheduler: resume hands control to it until it parks or ends.
type task struct {
	id        int
	ctx       *Ctx
	resumeCh  chan struct{}
	yieldCh   chan *outcome
	finished  bool
	abandoned bool
	onDone    func(outcome)
}

func newTask(c *Ctx, body func(*Ctx) outcome) *task {
	t := &task{ctx: c, resumeCh: make(chan struct{}), yieldCh: make(chan *outcome)}
	c.task = t
	go func() {
		if _, ok := <-t.resumeCh; !ok {
			return
		}
		var out outcome
		func() {
			defer func() {
				if r := recover(); r != nil {
					out = outcome{panicked: true, panicVal: r}
				}
			}()
			out = body(c)
		}()
		t.yieldCh <- &out
	}()
	return t
}

// resume runs the task until it parks or finishes (scheduler side).
func (t *task) resume() {
	if t.finished || t.abandoned || t.ctx.s.crashed {
		return
	}
	t.resumeCh <- struct{}{}
	if out := <-t.yieldCh; out != nil {
		t.finished = true
		if t.onDone != nil {
			t.onDone(*out)
		}
	}
}

// park gives control back to the scheduler and waits to be resumed (task
// side). An abandoned task ends its goroutine here.
func (t *task) park() {
	t.yieldCh <- nil
	if _, ok := <-t.resumeCh; !ok {
		runtime.Goexit()
	}
}

// abandon ends the goroutine of a task that will never be resumed.
func (t *task) abandon() {
	if t.finished || t.abandoned {
		return
	}
	t.abandoned = true
	close(t.resumeCh)
}
