package controller

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// Event is something an event source does at a virtual time: change the
// world (Do) and add requests to the queue (Enqueue, with Priority).
type Event struct {
	At       time.Duration
	What     string
	Do       func()
	Enqueue  []Request
	Priority *int
}

// Scenario is one scripted run of a controller.
type Scenario struct {
	Name       string
	Options    Options
	Reconciler Reconciler
	Events     []Event
	// Converged reports whether the world has reached the desired state.
	// The report gives the virtual time from which it stayed true.
	Converged func() bool
	// Horizon is the virtual time at which the controller is shut down
	// if it has not gone idle before (default 1h).
	Horizon time.Duration
	// MaxReconciles stops a runaway scenario (default 100000).
	MaxReconciles int
	// WrapQueue, if set, wraps the queue the controller uses (to record
	// the calls the work loop makes, for example).
	WrapQueue func(Queue) Queue

	// ControllerName names the controller of Reconciler in traces when
	// there is more than one (More).
	ControllerName string
	// More are further controllers of the same process, with their own
	// queues and workers (a manager runs several).
	More []ControllerSpec
	// Setup, when set, runs before the first event with the Env through
	// which informers, a manager and external actors drive the run.
	Setup func(env *Env)
	// Deferred: the controllers take no item until Env.Start (a manager
	// starts them after leader election and cache sync).
	Deferred bool
	// GracefulShutdownTimeout > 0 bounds the wait for running reconciles
	// after shutdown (the manager's default is 30s); past it the process
	// exits with them still running.
	GracefulShutdownTimeout time.Duration
}

// ControllerSpec is one more controller of the process.
type ControllerSpec struct {
	Name       string
	Options    Options
	Reconciler Reconciler
}

// Line is one trace line.
type Line struct {
	At     time.Duration // since the start of the run
	Who    string        // "event", "worker 1", "goroutine 2", "queue", "controller"
	Text   string
	Detail bool // a line written by the reconciler itself
}

// Stats summarises a run.
type Stats struct {
	Queue                 string
	Workers               int
	Reconciles            int
	Successes             int // Forget, no requeue
	Errors                int // err != nil, terminal included
	TerminalErrors        int
	RateLimitedRequeues   int // error or Requeue: true
	RequeueAfters         int
	Requeues              int // Result.Requeue without error
	IgnoredResults        int // RequeueAfter or Requeue returned with an error
	Panics                int
	Timeouts              int
	Crashed               bool
	Retries               int // queue retries metric
	Adds                  int // queue adds metric
	MaxDepth              int
	QueueDurationMax      time.Duration
	QueueDurationTotal    time.Duration
	WorkDurationMax       time.Duration
	WorkDurationTotal     time.Duration
	WorkerTimeBusy        time.Duration
	WorkerTimeBlocked     time.Duration // Sleep and Wait inside reconciles
	LongestRunning        time.Duration // largest longest-running-processor gauge
	MaxUnfinishedWork     time.Duration // largest unfinished-work gauge
	GoroutinesStarted     int
	GoroutinesOverlapping int // reconciles that started while a goroutine of an earlier reconcile of the same request ran
	GoroutineErrorsLost   int
	GoroutinesLeaked      int // still running at the end
	Converged             bool
	ConvergedAt           time.Duration
	HasConverged          bool // the scenario defines convergence
	End                   time.Duration
	MaxNumRequeues        int
	FinalNumRequeues      map[Request]int
	StoppedBy             string         // "idle", "horizon", "max reconciles", "crash", "shutdown timeout", or what ended the process (Env.Exit)
	Counters              map[string]int // counted by the scenario through Ctx.Count
	// ReconcilesBy counts the reconciles of each controller (by name)
	// when there is more than one.
	ReconcilesBy map[string]int
}

// Report is the outcome of Run.
type Report struct {
	Scenario string
	Trace    []Line
	Stats    Stats
}

type worker struct {
	c     *ctrl
	id    int
	busy  bool
	req   Request
	prio  int
	start time.Time
	task  *task
	ctx   *Ctx
	seq   int
}

// ctrl is one controller: its queue, limiter and workers.
type ctrl struct {
	name    string
	opts    Options
	rec     Reconciler
	q       Queue
	lim     *recordingLimiter
	workers []*worker
	started bool
	maxSeen map[Request]int
}

type sim struct {
	sc      Scenario
	clk     *clock.Virtual
	start   time.Time
	ctrls   []*ctrl
	workers []*worker // of every controller
	trace   []Line
	st      Stats
	env     *Env
	// fg counts pending foreground timers (scenario events, Env.After):
	// the run is idle only when none is left.
	fg int

	stopped     bool // ShutDown called
	crashed     bool
	reconciles  int
	goroutines  []*task // unjoined goroutines
	gSeq        int
	convergedAt *time.Time
}

// Run executes the scenario and returns its trace and statistics.
func Run(sc Scenario) *Report {
	s := &sim{sc: sc, clk: clock.New(time.Time{})}
	s.start = s.clk.Now()
	if s.sc.Horizon <= 0 {
		s.sc.Horizon = time.Hour
	}
	if s.sc.MaxReconciles <= 0 {
		s.sc.MaxReconciles = 100000
	}
	specs := append([]ControllerSpec{{Name: sc.ControllerName, Options: sc.Options, Reconciler: sc.Reconciler}}, sc.More...)
	for _, sp := range specs {
		c := &ctrl{name: sp.Name, opts: sp.Options, rec: sp.Reconciler, started: !sc.Deferred, maxSeen: map[Request]int{}}
		s.ctrls = append(s.ctrls, c)
		s.newQueue(c)
	}
	s.st.Queue = s.ctrls[0].q.Kind()
	s.st.Workers = len(s.ctrls[0].workers)

	if sc.Setup != nil {
		s.env = &Env{s: s}
		sc.Setup(s.env)
	}
	events := slices.Clone(sc.Events)
	slices.SortStableFunc(events, func(a, b Event) int { return cmp.Compare(a.At, b.At) })
	for _, ev := range events {
		s.fg++
		s.clk.AfterFunc(ev.At, func() { s.fg--; s.fire(ev) })
	}
	s.loop()
	return s.report()
}

// newQueue gives c a fresh queue, limiter and idle workers (at the start
// and when the process restarts).
func (s *sim) newQueue(c *ctrl) {
	n := c.opts.MaxConcurrentReconciles
	if n <= 0 {
		n = 1
	}
	usePQ := c.opts.UsePriorityQueue == nil || *c.opts.UsePriorityQueue
	inner := c.opts.RateLimiter
	if inner == nil {
		if usePQ {
			inner = ratelimit.DefaultPriorityQueue[Request]()
		} else {
			inner = ratelimit.DefaultController[Request](s.clk)
		}
	} else if c.lim != nil {
		c.opts.RateLimiter = nil // a custom limiter is state of the old process too
		inner = ratelimit.DefaultPriorityQueue[Request]()
	}
	if c.lim != nil {
		for r, n := range c.lim.maxSeen {
			c.maxSeen[r] = max(c.maxSeen[r], n)
		}
	}
	c.lim = &recordingLimiter{Limiter: inner, last: map[Request]time.Duration{}}
	o := c.opts
	o.RateLimiter = c.lim
	c.q = NewQueue(s.clk, o)
	if s.sc.WrapQueue != nil {
		c.q = s.sc.WrapQueue(c.q)
	}
	c.workers = nil
	for i := range n {
		c.workers = append(c.workers, &worker{c: c, id: i + 1})
	}
	s.workers = nil
	for _, x := range s.ctrls {
		s.workers = append(s.workers, x.workers...)
	}
}

func (s *sim) who(w *worker) string {
	if len(s.ctrls) == 1 && w.c.name == "" {
		return fmt.Sprintf("worker %d", w.id)
	}
	return fmt.Sprintf("%s worker %d", w.c.name, w.id)
}

func (s *sim) now() time.Duration { return s.clk.Since(s.start) }

func (s *sim) logf(who, format string, args ...any) {
	s.trace = append(s.trace, Line{At: s.now(), Who: who, Text: fmt.Sprintf(format, args...)})
}

func (s *sim) fire(ev Event) {
	if s.crashed {
		return
	}
	if ev.Do != nil {
		ev.Do()
	}
	what := ev.What
	if len(ev.Enqueue) > 0 {
		names := make([]string, len(ev.Enqueue))
		for i, r := range ev.Enqueue {
			names[i] = r.String()
		}
		prio := ""
		if ev.Priority != nil {
			prio = fmt.Sprintf(" (priority %d)", *ev.Priority)
		}
		if s.stopped {
			what += "; queue shut down, add ignored"
		} else {
			what += "; add " + strings.Join(names, ", ") + prio
		}
		s.ctrls[0].q.AddWithOpts(AddOpts{Priority: ev.Priority}, ev.Enqueue...)
	}
	s.logf("event", "%s", what)
	s.checkConverged()
}

func (s *sim) loop() {
	horizon := s.start.Add(s.sc.Horizon)
	for {
		s.sample()
		s.dispatch()
		s.sample()
		if s.crashed {
			if s.st.StoppedBy == "" {
				s.st.StoppedBy = "crash"
			}
			return
		}
		if s.stopped && s.allIdle() {
			// Let goroutines woken by the cancellation run at this instant.
			if s.clk.Advance(0) > 0 {
				continue
			}
			return
		}
		next, ok := s.clk.NextDeadline()
		if !s.stopped {
			queued := false
			for _, c := range s.ctrls {
				if rt, rok := c.q.NextReadyAt(); rok && (!ok || rt.Before(next)) {
					next, ok = rt, true
				}
				if _, rok := c.q.NextReadyAt(); rok || c.q.Len() > 0 && c.started {
					queued = true
				}
			}
			if s.fg == 0 && !queued && s.allIdle() && s.liveGoroutines() == 0 {
				s.st.StoppedBy = "idle"
				s.shutdown("idle: nothing queued, nothing waiting, no event left")
				continue
			}
			if !ok || next.After(horizon) {
				s.clk.AdvanceTo(horizon)
				s.checkConverged()
				s.st.StoppedBy = "horizon"
				s.shutdown("horizon " + FormatDuration(s.sc.Horizon) + " reached")
				continue
			}
		}
		if !ok {
			return // stopped, workers busy, but nothing will wake them: cannot happen
		}
		s.clk.AdvanceTo(next)
		s.checkConverged()
	}
}

func (s *sim) allIdle() bool {
	for _, w := range s.workers {
		if w.busy {
			return false
		}
	}
	return true
}

func (s *sim) liveGoroutines() int {
	n := 0
	for _, g := range s.goroutines {
		if !g.finished && !g.abandoned {
			n++
		}
	}
	return n
}

// dispatch hands ready items to idle workers until none can take one. A
// reconcile that spends no virtual time finishes inside startReconcile, so
// its worker may take the next item at the same instant.
func (s *sim) dispatch() {
	for progress := true; progress && !s.crashed; {
		progress = false
		for _, w := range s.workers {
			if w.busy || s.crashed || !w.c.started {
				continue
			}
			if s.reconciles >= s.sc.MaxReconciles && !s.stopped {
				s.st.StoppedBy = "max reconciles"
				s.shutdown(fmt.Sprintf("stopping after %d reconciles", s.reconciles))
			}
			req, prio, shutdown, ok := w.c.q.GetWithPriority()
			if !ok || shutdown {
				continue
			}
			s.startReconcile(w, req, prio)
			progress = true
		}
	}
}

func (s *sim) sample() {
	for _, c := range s.ctrls {
		if l := c.q.Len(); l > s.st.MaxDepth {
			s.st.MaxDepth = l
		}
	}
	var total, longest time.Duration
	for _, w := range s.workers {
		if w.busy {
			age := s.clk.Since(w.start)
			total += age
			longest = max(longest, age)
		}
	}
	s.st.MaxUnfinishedWork = max(s.st.MaxUnfinishedWork, total)
	s.st.LongestRunning = max(s.st.LongestRunning, longest)
}

func (s *sim) checkConverged() {
	if s.sc.Converged == nil {
		return
	}
	if s.sc.Converged() {
		if s.convergedAt == nil {
			t := s.clk.Now()
			s.convergedAt = &t
		}
	} else {
		s.convergedAt = nil
	}
}

func (s *sim) shutdown(why string) {
	s.stopped = true
	s.logf("controller", "shutdown (%s): queue.ShutDown, ctx cancelled", why)
	for _, c := range s.ctrls {
		c.q.ShutDown()
	}
	if d := s.sc.GracefulShutdownTimeout; d > 0 && !s.allIdle() {
		s.clk.AfterFunc(d, func() {
			if s.allIdle() || s.crashed {
				return
			}
			n := 0
			for _, w := range s.workers {
				if w.busy {
					n++
				}
			}
			s.logf("manager", "graceful shutdown timed out after %s: the process exits with %d reconcile(s) still running", FormatDuration(d), n)
			s.crashed = true
			s.st.StoppedBy = "shutdown timeout"
		})
	}
	for _, w := range s.workers {
		if w.busy {
			w.ctx.cancelled(context.Canceled)
		}
	}
	for _, g := range s.goroutines {
		if !g.finished {
			g.ctx.cancelled(context.Canceled)
		}
	}
}

func (s *sim) startReconcile(w *worker, req Request, prio int) {
	s.reconciles++
	w.busy, w.req, w.prio, w.start, w.seq = true, req, prio, s.clk.Now(), s.reconciles
	who := s.who(w)
	if len(s.ctrls) > 1 {
		if s.st.ReconcilesBy == nil {
			s.st.ReconcilesBy = map[string]int{}
		}
		s.st.ReconcilesBy[w.c.name]++
	}
	for _, g := range s.goroutines {
		if !g.finished && g.ctx.req == req {
			s.st.GoroutinesOverlapping++
			s.logf(who, "reconcile #%d of %s starts while goroutine %d of reconcile #%d still works on it", w.seq, req, g.id, g.ctx.seq)
		}
	}
	prioText := ""
	if prio != 0 {
		prioText = fmt.Sprintf(", priority %d", prio)
	}
	s.logf(who, "reconcile #%d %s starts (NumRequeues %d%s)", w.seq, req, w.c.q.NumRequeues(req), prioText)

	c := &Ctx{s: s, who: who, req: req, seq: w.seq, worker: w, start: s.clk.Now(), controller: w.c.name}
	if s.stopped {
		c.err = context.Canceled
	}
	if w.c.opts.ReconciliationTimeout > 0 {
		c.deadline = s.clk.Now().Add(w.c.opts.ReconciliationTimeout)
	}
	w.ctx = c
	rec := w.c.rec
	t := newTask(c, func(c *Ctx) outcome {
		res, err := rec(c, req)
		return outcome{res: res, err: err}
	})
	w.task = t
	t.onDone = func(o outcome) { s.finishReconcile(w, o) }
	t.resume()
}

func (s *sim) finishReconcile(w *worker, o outcome) {
	who := s.who(w)
	c := w.ctx
	req := w.req
	q, opts := w.c.q, w.c.opts
	took := s.clk.Since(w.start)
	s.sample() // the gauges peak just before a reconcile ends
	s.st.WorkerTimeBusy += took
	s.st.WorkerTimeBlocked += c.blocked
	res, err := o.res, o.err
	if o.panicked {
		s.st.Panics++
		if opts.RecoverPanic != nil && !*opts.RecoverPanic {
			s.logf(who, "reconcile #%d panics: %v; RecoverPanic is false: the process crashes", w.seq, o.panicVal)
			s.crashed = true
			s.st.Crashed = true
			w.busy = false
			return
		}
		res, err = Result{}, fmt.Errorf("panic: %v [recovered]", o.panicVal)
	}
	// Counted as a timeout only when the ctx ended by its deadline, not
	// by a shutdown that came first.
	timedOut := opts.ReconciliationTimeout > 0 && errors.Is(c.Err(), context.DeadlineExceeded)
	if timedOut {
		s.st.Timeouts++
	}
	// The ctx of a reconcile with a timeout is cancelled when it returns
	// (deferred cancel), which goroutines that share it observe.
	if opts.ReconciliationTimeout > 0 {
		c.cancelled(context.Canceled)
		for _, g := range s.goroutines {
			if !g.finished && g.ctx.parent == c {
				g.ctx.interrupt()
			}
		}
	}
	prio := w.prio
	if res.Priority != nil {
		prio = *res.Priority
	}
	returned := fmt.Sprintf("returns %s, %s after %s", res, errText(err), FormatDuration(took))
	if o.panicked {
		returned = fmt.Sprintf("panicked after %s (recovered: %s)", FormatDuration(took), errText(err))
	}
	if timedOut {
		returned += " (ReconciliationTimeout expired)"
	}
	var action string
	switch {
	case err != nil:
		s.st.Errors++
		if IsTerminal(err) {
			s.st.TerminalErrors++
			action = fmt.Sprintf("terminal error: no requeue, no Forget (NumRequeues stays %d)", q.NumRequeues(req))
		} else {
			s.st.RateLimitedRequeues++
			q.AddWithOpts(AddOpts{RateLimited: true, Priority: &prio}, req)
			action = "error: rate-limited requeue" + s.backoffText(w.c, req)
		}
		if res.RequeueAfter > 0 || res.Requeue {
			s.st.IgnoredResults++
			action += fmt.Sprintf("; the %s is ignored because err != nil", res)
		}
	case res.RequeueAfter > 0:
		s.st.RequeueAfters++
		q.Forget(req)
		q.AddWithOpts(AddOpts{After: res.RequeueAfter, Priority: &prio}, req)
		action = fmt.Sprintf("Forget, requeue after %s", FormatDuration(res.RequeueAfter))
	case res.Requeue:
		s.st.Requeues++
		q.AddWithOpts(AddOpts{RateLimited: true, Priority: &prio}, req)
		action = "Requeue: rate-limited requeue without Forget" + s.backoffText(w.c, req)
	default:
		s.st.Successes++
		q.Forget(req)
		action = "success: Forget"
	}
	if s.stopped && (err != nil && !IsTerminal(err) || res.RequeueAfter > 0 || res.Requeue) {
		action += " (queue shut down: the add is ignored)"
	}
	q.Done(req)
	s.logf(who, "reconcile #%d %s %s → %s", w.seq, req, returned, action)
	w.busy = false
	w.task = nil
	s.checkConverged()
}

func (s *sim) backoffText(c *ctrl, req Request) string {
	if s.stopped {
		return ""
	}
	if d, ok := c.lim.last[req]; ok {
		return fmt.Sprintf(" in %s (failure %d)", FormatDuration(d), c.q.NumRequeues(req))
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return "nil"
	}
	return "error `" + err.Error() + "`"
}

func (s *sim) report() *Report {
	s.st.End = s.now()
	for _, c := range s.ctrls {
		s.addMetrics(c.q.Metrics())
	}
	s.st.Reconciles = s.reconciles
	for _, g := range s.goroutines {
		if !g.finished && !g.abandoned {
			s.st.GoroutinesLeaked++
		}
	}
	s.st.FinalNumRequeues = map[Request]int{}
	for _, c := range s.ctrls {
		for _, n := range c.maxSeen {
			s.st.MaxNumRequeues = max(s.st.MaxNumRequeues, n)
		}
		for r, n := range c.lim.maxSeen {
			s.st.MaxNumRequeues = max(s.st.MaxNumRequeues, n)
			if k := c.lim.NumRequeues(r); k > 0 {
				s.st.FinalNumRequeues[r] = k
			}
		}
	}
	s.st.HasConverged = s.sc.Converged != nil
	if s.sc.Converged != nil && s.convergedAt != nil && s.sc.Converged() {
		s.st.Converged = true
		s.st.ConvergedAt = s.convergedAt.Sub(s.start)
	}
	// Abandon the goroutines still parked: their tasks are never resumed.
	for _, g := range s.goroutines {
		g.abandon()
	}
	for _, w := range s.workers {
		if w.task != nil {
			w.task.abandon()
		}
	}
	return &Report{Scenario: s.sc.Name, Trace: s.trace, Stats: s.st}
}

// recordingLimiter remembers the last delay per item, for the trace.
type recordingLimiter struct {
	ratelimit.Limiter[Request]
	last    map[Request]time.Duration
	maxSeen map[Request]int
}

func (r *recordingLimiter) When(it Request) time.Duration {
	d := r.Limiter.When(it)
	r.last[it] = d
	if r.maxSeen == nil {
		r.maxSeen = map[Request]int{}
	}
	r.maxSeen[it] = max(r.maxSeen[it], r.Limiter.NumRequeues(it))
	return d
}

func (s *sim) addMetrics(m QueueMetrics) {
	s.st.Retries += m.Retries
	s.st.Adds += m.Adds
	for _, d := range m.QueueDurations {
		s.st.QueueDurationTotal += d
		s.st.QueueDurationMax = max(s.st.QueueDurationMax, d)
	}
	for _, d := range m.WorkDurations {
		s.st.WorkDurationTotal += d
		s.st.WorkDurationMax = max(s.st.WorkDurationMax, d)
	}
}
