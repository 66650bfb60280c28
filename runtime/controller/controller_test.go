package controller_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

var app = controller.Request{Namespace: "default", Name: "app"}

type step struct {
	res controller.Result
	err error
}

// scripted returns a reconciler that plays steps in order (then succeeds)
// and records the start time of each call.
func scripted(steps []step, starts *[]time.Duration) controller.Reconciler {
	i := 0
	return func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
		*starts = append(*starts, c.Now())
		if i < len(steps) {
			s := steps[i]
			i++
			return s.res, s.err
		}
		return controller.Result{}, nil
	}
}

func both(t *testing.T, f func(t *testing.T, opts controller.Options)) {
	for _, pq := range []bool{true, false} {
		name := "priorityqueue"
		if !pq {
			name = "workqueue"
		}
		t.Run(name, func(t *testing.T) { f(t, controller.Options{UsePriorityQueue: &pq}) })
	}
}

func once(at time.Duration) []controller.Event {
	return []controller.Event{{At: at, What: "create", Enqueue: []controller.Request{app}}}
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func equal(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

func TestErrorBackoffThenSuccessForgets(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		var starts []time.Duration
		boom := errors.New("boom")
		rep := controller.Run(controller.Scenario{
			Options:    opts,
			Reconciler: scripted([]step{{err: boom}, {err: boom}, {err: boom}}, &starts),
			Events:     once(0),
		})
		equal(t, "starts", starts, []time.Duration{0, ms(5), ms(15), ms(35)})
		st := rep.Stats
		equal(t, "errors", st.Errors, 3)
		equal(t, "successes", st.Successes, 1)
		equal(t, "final NumRequeues", len(st.FinalNumRequeues), 0)
		equal(t, "max NumRequeues", st.MaxNumRequeues, 3)
		equal(t, "stopped by", st.StoppedBy, "idle")
	})
}

// TestInstantReconcilesChain: reconciles that spend no virtual time still
// chain: a requeue or a new event is picked up at the same instant.
func TestInstantReconcilesChain(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		calls := 0
		rep := controller.Run(controller.Scenario{
			Options: opts,
			Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
				calls++
				if calls < 3 {
					return controller.Result{}, controller.TerminalError(errors.New("x"))
				}
				return controller.Result{}, nil
			},
			Events: []controller.Event{
				{At: 0, Enqueue: []controller.Request{app}},
				{At: 0, Enqueue: []controller.Request{{Name: "b"}}},
				{At: time.Second, Enqueue: []controller.Request{app}},
			},
		})
		equal(t, "reconciles", rep.Stats.Reconciles, 3)
		equal(t, "end", rep.Stats.End, time.Second)
	})
}

func TestTerminalErrorKeepsFailures(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		var starts []time.Duration
		wrapped := fmt.Errorf("context: %w", errors.Join(errors.New("x"), controller.TerminalError(errors.New("bad spec"))))
		rep := controller.Run(controller.Scenario{
			Options:    opts,
			Reconciler: scripted([]step{{err: errors.New("transient")}, {err: wrapped}}, &starts),
			Events:     once(0),
		})
		equal(t, "reconciles", rep.Stats.Reconciles, 2)
		equal(t, "terminal", rep.Stats.TerminalErrors, 1)
		equal(t, "errors", rep.Stats.Errors, 2)
		equal(t, "NumRequeues after terminal error", rep.Stats.FinalNumRequeues[app], 1)
	})
}

func TestDeprecatedRequeueGrowsBackoff(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		var starts []time.Duration
		rq := step{res: controller.Result{Requeue: true}}
		rep := controller.Run(controller.Scenario{
			Options:    opts,
			Reconciler: scripted([]step{rq, rq, rq, rq}, &starts),
			Events:     once(0),
		})
		equal(t, "starts", starts, []time.Duration{0, ms(5), ms(15), ms(35), ms(75)})
		equal(t, "requeues", rep.Stats.Requeues, 4)
		equal(t, "errors", rep.Stats.Errors, 0)
	})
}

func TestRequeueAfterForgets(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		var starts []time.Duration
		boom := errors.New("boom")
		rep := controller.Run(controller.Scenario{
			Options: opts,
			Reconciler: scripted([]step{
				{err: boom}, {err: boom},
				{res: controller.Result{RequeueAfter: time.Minute}},
				{err: boom},
			}, &starts),
			Events: once(0),
		})
		// After RequeueAfter's Forget, the next failure starts again at 5ms.
		equal(t, "starts", starts, []time.Duration{0, ms(5), ms(15), ms(15) + time.Minute, ms(20) + time.Minute})
		equal(t, "requeue afters", rep.Stats.RequeueAfters, 1)
	})
}

func TestResultIgnoredWithError(t *testing.T) {
	both(t, func(t *testing.T, opts controller.Options) {
		var starts []time.Duration
		rep := controller.Run(controller.Scenario{
			Options:    opts,
			Reconciler: scripted([]step{{res: controller.Result{RequeueAfter: time.Hour}, err: errors.New("x")}}, &starts),
			Events:     once(0),
		})
		equal(t, "starts", starts, []time.Duration{0, ms(5)})
		equal(t, "ignored results", rep.Stats.IgnoredResults, 1)
		if !strings.Contains(traceText(rep), "is ignored because err != nil") {
			t.Fatal("trace does not say the Result was ignored")
		}
	})
}

func TestNegativeRequeueAfterIsSuccess(t *testing.T) {
	var starts []time.Duration
	rep := controller.Run(controller.Scenario{
		Reconciler: scripted([]step{{res: controller.Result{RequeueAfter: -time.Second}}}, &starts),
		Events:     once(0),
	})
	equal(t, "reconciles", rep.Stats.Reconciles, 1)
	equal(t, "successes", rep.Stats.Successes, 1)
}

func TestPriorityAppliesToErrorPath(t *testing.T) {
	high := 7
	for _, pq := range []bool{true, false} {
		var starts []time.Duration
		rep := controller.Run(controller.Scenario{
			Options:    controller.Options{UsePriorityQueue: &pq},
			Reconciler: scripted([]step{{res: controller.Result{Priority: &high}, err: errors.New("x")}}, &starts),
			Events:     once(0),
		})
		has := strings.Contains(traceText(rep), "priority 7")
		if has != pq {
			t.Fatalf("UsePriorityQueue=%v: trace mentions priority 7: %v, want %v\n%s", pq, has, pq, traceText(rep))
		}
	}
}

func TestPanicRecoveredAndCrash(t *testing.T) {
	calls := 0
	panicky := func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
		calls++
		if calls == 1 {
			var m map[string]int
			//lint:ignore SA5000 the test needs a run-time panic (a runtime.Error), as a real nil map write gives
			m["x"] = 1
		}
		return controller.Result{}, nil
	}
	rep := controller.Run(controller.Scenario{Reconciler: panicky, Events: once(0)})
	equal(t, "panics", rep.Stats.Panics, 1)
	equal(t, "reconciles", rep.Stats.Reconciles, 2)
	if !strings.Contains(traceText(rep), "panic: assignment to entry in nil map [recovered]") {
		t.Fatalf("trace lacks the recovered error:\n%s", traceText(rep))
	}

	calls = 0
	no := false
	rep = controller.Run(controller.Scenario{Options: controller.Options{RecoverPanic: &no}, Reconciler: panicky, Events: once(0)})
	equal(t, "crashed", rep.Stats.Crashed, true)
	equal(t, "reconciles", rep.Stats.Reconciles, 1)
	equal(t, "stopped by", rep.Stats.StoppedBy, "crash")
}

func TestReconciliationTimeout(t *testing.T) {
	var waitErr error
	var took []time.Duration
	rep := controller.Run(controller.Scenario{
		Horizon: 2 * time.Hour,
		Options: controller.Options{ReconciliationTimeout: 10 * time.Second},
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			start := c.Now()
			defer func() { took = append(took, c.Now()-start) }()
			if c.Attempt() == 1 {
				waitErr = c.Wait(time.Hour) // ctx-aware: ends at the timeout
				return controller.Result{}, nil
			}
			c.Sleep(time.Minute) // ignores the ctx
			return controller.Result{}, nil
		},
		Events: []controller.Event{
			{At: 0, Enqueue: []controller.Request{app}},
			{At: time.Hour, Enqueue: []controller.Request{app}},
		},
	})
	equal(t, "wait error", waitErr, error(errDeadline))
	equal(t, "durations", took, []time.Duration{10 * time.Second, time.Minute})
	equal(t, "timeouts", rep.Stats.Timeouts, 2)
	equal(t, "successes", rep.Stats.Successes, 2) // the result is handled normally
	equal(t, "blocked", rep.Stats.WorkerTimeBlocked, 10*time.Second+time.Minute)
}

// TestShutdownBeforeDeadlineIsNoTimeout: a ctx cancelled by shutdown before
// its deadline does not count as a reconciliation timeout.
func TestShutdownBeforeDeadlineIsNoTimeout(t *testing.T) {
	rep := controller.Run(controller.Scenario{
		Horizon: 5 * time.Second,
		Options: controller.Options{ReconciliationTimeout: 10 * time.Second},
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			c.Sleep(time.Minute)
			return controller.Result{}, nil
		},
		Events: once(0),
	})
	equal(t, "timeouts", rep.Stats.Timeouts, 0)
	equal(t, "end", rep.Stats.End, time.Minute)
}

func TestWorkersAndPerKeyExclusion(t *testing.T) {
	reqs := []controller.Request{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	work := func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
		c.Work(time.Second)
		return controller.Result{}, nil
	}
	for n, wantEnd := range map[int]time.Duration{1: 3 * time.Second, 3: time.Second} {
		rep := controller.Run(controller.Scenario{
			Options:    controller.Options{MaxConcurrentReconciles: n},
			Reconciler: work,
			Events:     []controller.Event{{Enqueue: reqs}},
		})
		equal(t, fmt.Sprintf("end with %d workers", n), rep.Stats.End, wantEnd)
		equal(t, "workers", rep.Stats.Workers, n)
	}
	// The same request is never reconciled by two workers at once: an add
	// during its reconcile yields one more reconcile after it.
	var starts []time.Duration
	rep := controller.Run(controller.Scenario{
		Options: controller.Options{MaxConcurrentReconciles: 4},
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			starts = append(starts, c.Now())
			c.Work(time.Second)
			return controller.Result{}, nil
		},
		Events: []controller.Event{
			{At: 0, Enqueue: []controller.Request{app}},
			{At: 100 * time.Millisecond, Enqueue: []controller.Request{app}},
			{At: 200 * time.Millisecond, Enqueue: []controller.Request{app}},
		},
	})
	equal(t, "starts", starts, []time.Duration{0, time.Second})
	equal(t, "reconciles", rep.Stats.Reconciles, 2)
}

func TestGoroutinesOutliveReconcile(t *testing.T) {
	rep := controller.Run(controller.Scenario{
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			c.Go("update status", func(g *controller.Ctx) error {
				g.Work(5 * time.Second)
				return errors.New("conflict")
			})
			return controller.Result{}, nil
		},
		Events: []controller.Event{
			{At: 0, Enqueue: []controller.Request{app}},
			{At: time.Second, Enqueue: []controller.Request{app}},
		},
	})
	st := rep.Stats
	equal(t, "goroutines", st.GoroutinesStarted, 2)
	equal(t, "overlapping", st.GoroutinesOverlapping, 1)
	equal(t, "errors lost", st.GoroutineErrorsLost, 2)
	equal(t, "controller errors", st.Errors, 0)
	equal(t, "end", st.End, 6*time.Second)
}

func TestShutdownCancelsWaits(t *testing.T) {
	var err error
	rep := controller.Run(controller.Scenario{
		Horizon: time.Minute,
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			err = c.Wait(time.Hour)
			return controller.Result{}, err
		},
		Events: once(0),
	})
	equal(t, "wait error", err, error(errCanceled))
	equal(t, "end", rep.Stats.End, time.Minute)
	equal(t, "stopped by", rep.Stats.StoppedBy, "horizon")
}

func TestClientGoQueueDrainsAfterShutdown(t *testing.T) {
	// client-go's Get keeps handing out queued items after ShutDown; the
	// priority queue's returns shutdown at once.
	for pq, want := range map[bool]int{true: 1, false: 3} {
		rep := controller.Run(controller.Scenario{
			Options: controller.Options{UsePriorityQueue: &pq},
			Horizon: time.Second,
			Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
				c.Work(2 * time.Second)
				return controller.Result{}, nil
			},
			Events: []controller.Event{{Enqueue: []controller.Request{{Name: "a"}, {Name: "b"}, {Name: "c"}}}},
		})
		equal(t, fmt.Sprintf("UsePriorityQueue=%v reconciles", pq), rep.Stats.Reconciles, want)
	}
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		calls := 0
		return traceText(controller.Run(controller.Scenario{
			Options: controller.Options{MaxConcurrentReconciles: 3},
			Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
				calls++
				c.Work(time.Duration(len(r.Name)) * 100 * time.Millisecond)
				if calls%3 == 0 {
					return controller.Result{}, errors.New("x")
				}
				c.Go("bg", func(g *controller.Ctx) error { g.Work(time.Second); return nil })
				return controller.Result{RequeueAfter: time.Duration(calls%4) * time.Second}, nil
			},
			Events:  []controller.Event{{Enqueue: []controller.Request{{Name: "a"}, {Name: "bb"}, {Name: "ccc"}, {Name: "dddd"}}}},
			Horizon: 20 * time.Second,
		}))
	}
	first := run()
	for range 5 {
		if run() != first {
			t.Fatal("two runs of the same scenario differ")
		}
	}
}

// TestTerminalErrorChain pins the model's TerminalError to the chain rules
// of reconcile.TerminalError; internal/k8stest/runtime/controller runs the
// same cases on the real package and compares.
func TestTerminalErrorChain(t *testing.T) {
	base := errors.New("x")
	for name, c := range map[string]struct {
		err      error
		terminal bool
		text     string
	}{
		"plain":      {base, false, "x"},
		"terminal":   {controller.TerminalError(base), true, "terminal error: x"},
		"nil inside": {controller.TerminalError(nil), true, "nil terminal error"},
		"wrapped":    {fmt.Errorf("a: %w", controller.TerminalError(base)), true, "a: terminal error: x"},
		"joined":     {errors.Join(base, controller.TerminalError(base)), true, "x\nterminal error: x"},
		"not %w":     {fmt.Errorf("a: %v", controller.TerminalError(base)), false, "a: terminal error: x"},
	} {
		if got := errors.Is(c.err, controller.TerminalError(nil)); got != c.terminal {
			t.Errorf("%s: terminal %v, want %v", name, got, c.terminal)
		}
		if c.err.Error() != c.text {
			t.Errorf("%s: text %q, want %q", name, c.err.Error(), c.text)
		}
	}
}

func traceText(rep *controller.Report) string {
	var b strings.Builder
	for _, l := range rep.Trace {
		fmt.Fprintf(&b, "%v %s %s\n", l.At, l.Who, l.Text)
	}
	return b.String()
}
