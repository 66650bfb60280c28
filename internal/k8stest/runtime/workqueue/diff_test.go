package workqueue_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	kworkqueue "k8s.io/client-go/util/workqueue"
	kclock "k8s.io/utils/clock"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/workqueue"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// This file runs the same operation sequences on the model and on the real
// rate-limiting queue of k8s.io/client-go/util/workqueue v0.36.0 and compares,
// after every operation: the item and shutdown flag returned by each Get, Len,
// ShuttingDown, NumRequeues of every item, the adds, depth and retries
// metrics, the queue-duration and work-duration observations, and (for
// ShutDownWithDrain) when the drain returns.
//
// The real delaying queue moves waiting items from a goroutine. It is driven
// deterministically: it gets a k8s.io/utils clock backed by our virtual clock
// (stepClock below), whose timers deliver only after a whole Step, and whose
// heartbeat ticker (the 10s backstop) never fires but counts the calls of its
// C method: the loop evaluates q.heartbeat.C() each time it enters its select,
// so the count tells when the loop has finished reacting to an event. The
// test keeps the loop idle in its select between operations: after an
// AddAfter that hands it an item, and after a Step that fires its timer, it
// waits for the next select entry. The loop therefore sees exactly the
// instants the model sees, with no wall-clock dependence.
//
// Not compared: the unfinished-work and longest-running-processor gauges,
// which the real queue refreshes from a 500ms ticker (here a ticker that never
// fires; the model computes them on demand and unit tests cover them), and the
// heartbeat itself, which only moves items whose timer has already fired.

// stepClock is a k8s.io/utils/clock.WithTicker over a virtual clock.
type stepClock struct {
	v       *clock.Virtual
	selects atomic.Int64 // calls of the heartbeat's C: select entries of the waiting loop

	mu    sync.Mutex
	fired []*stepTimer
}

var _ kclock.WithTicker = (*stepClock)(nil)

func newStepClock() *stepClock {
	return &stepClock{v: clock.New(time.Time{})}
}

func (c *stepClock) Now() time.Time                  { return c.v.Now() }
func (c *stepClock) Since(t time.Time) time.Duration { return c.v.Since(t) }
func (c *stepClock) After(d time.Duration) <-chan time.Time {
	return c.NewTimer(d).C()
}
func (c *stepClock) Sleep(time.Duration)                   { panic("stepClock: Sleep is not used by the queue") }
func (c *stepClock) Tick(d time.Duration) <-chan time.Time { return c.NewTicker(d).C() }

func (c *stepClock) NewTimer(d time.Duration) kclock.Timer {
	t := &stepTimer{c: c, ch: make(chan time.Time, 1)}
	t.arm(d)
	return t
}

func (c *stepClock) NewTicker(d time.Duration) kclock.Ticker {
	if d == 10*time.Second { // the delaying queue's heartbeat (maxWait)
		return heartbeat{c}
	}
	return stepTicker{make(chan time.Time)} // the unfinished-work refresh: never fires
}

// step advances the virtual clock by d and then delivers the fired timers,
// so that the loop never observes an intermediate time. When one fired, it
// waits until the loop is back in its select.
func (c *stepClock) step(d time.Duration) error {
	c.v.Advance(d)
	c.mu.Lock()
	fired := c.fired
	c.fired = nil
	c.mu.Unlock()
	if len(fired) == 0 {
		return nil
	}
	before := c.selects.Load()
	now := c.v.Now()
	for _, t := range fired {
		t.ch <- now
	}
	return c.awaitSelect(before)
}

// awaitSelect waits until the loop has entered its select after the count
// before.
func (c *stepClock) awaitSelect(before int64) error {
	return waitFor(func() bool { return c.selects.Load() > before })
}

type stepTimer struct {
	c  *stepClock
	ch chan time.Time
	vt clock.Timer
}

func (t *stepTimer) arm(d time.Duration) {
	t.vt = t.c.v.AfterFunc(d, func() {
		t.c.mu.Lock()
		t.c.fired = append(t.c.fired, t)
		t.c.mu.Unlock()
	})
}
func (t *stepTimer) C() <-chan time.Time { return t.ch }
func (t *stepTimer) Stop() bool          { return t.vt.Stop() }
func (t *stepTimer) Reset(d time.Duration) bool {
	active := t.vt.Stop()
	t.arm(d)
	return active
}

type stepTicker struct{ ch chan time.Time }

type heartbeat struct{ c *stepClock }

func (h heartbeat) C() <-chan time.Time {
	h.c.selects.Add(1)
	return nil // never fires
}
func (h heartbeat) Stop() {}

func (t stepTicker) C() <-chan time.Time { return t.ch }
func (t stepTicker) Stop()               {}

// recorder is a workqueue.MetricsProvider that records what the real queue reports.
type recorder struct {
	mu                            sync.Mutex
	depth, adds, retries          int
	latency, work                 []float64
	unfinishedSets, longestRunSet int
}

type (
	gauge   struct{ r *recorder }
	counter struct {
		n *int
		r *recorder
	}
	histogram struct {
		s *[]float64
		r *recorder
	}
	settable struct {
		n *int
		r *recorder
	}
)

func (g gauge) Inc()                  { g.r.mu.Lock(); g.r.depth++; g.r.mu.Unlock() }
func (g gauge) Dec()                  { g.r.mu.Lock(); g.r.depth--; g.r.mu.Unlock() }
func (c counter) Inc()                { c.r.mu.Lock(); *c.n++; c.r.mu.Unlock() }
func (h histogram) Observe(v float64) { h.r.mu.Lock(); *h.s = append(*h.s, v); h.r.mu.Unlock() }
func (s settable) Set(float64)        { s.r.mu.Lock(); *s.n++; s.r.mu.Unlock() }

func (r *recorder) NewDepthMetric(string) kworkqueue.GaugeMetric { return gauge{r} }
func (r *recorder) NewAddsMetric(string) kworkqueue.CounterMetric {
	return counter{&r.adds, r}
}
func (r *recorder) NewLatencyMetric(string) kworkqueue.HistogramMetric {
	return histogram{&r.latency, r}
}
func (r *recorder) NewWorkDurationMetric(string) kworkqueue.HistogramMetric {
	return histogram{&r.work, r}
}
func (r *recorder) NewUnfinishedWorkSecondsMetric(string) kworkqueue.SettableGaugeMetric {
	return settable{&r.unfinishedSets, r}
}
func (r *recorder) NewLongestRunningProcessorSecondsMetric(string) kworkqueue.SettableGaugeMetric {
	return settable{&r.longestRunSet, r}
}
func (r *recorder) NewRetriesMetric(string) kworkqueue.CounterMetric {
	return counter{&r.retries, r}
}

type opKind int

const (
	opAdd opKind = iota
	opAddAfter
	opAddRateLimited
	opGet
	opDone
	opForget
	opStep
	opShutDown
	opShutDownWithDrain
)

type qop struct {
	kind opKind
	item string
	d    time.Duration
}

func (o qop) String() string {
	name := [...]string{"Add", "AddAfter", "AddRateLimited", "Get", "Done", "Forget", "Step", "ShutDown", "ShutDownWithDrain"}[o.kind]
	switch o.kind {
	case opAddAfter:
		return fmt.Sprintf("%s(%s, %v)", name, o.item, o.d)
	case opStep:
		return fmt.Sprintf("%s(%v)", name, o.d)
	case opGet, opShutDown, opShutDownWithDrain:
		return name + "()"
	}
	return fmt.Sprintf("%s(%s)", name, o.item)
}

var (
	items      = []string{"a", "b", "c", "d"}
	afterDelay = []time.Duration{0, -time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 30 * time.Millisecond, 50 * time.Millisecond, time.Second, 10 * time.Millisecond}
	stepDelay  = []time.Duration{5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 100 * time.Millisecond, 2 * time.Second, 0, 10 * time.Millisecond, 30 * time.Millisecond}
)

// decodeQueueOps turns each byte into one operation; shutdowns are rare so
// that most sequences exercise a live queue.
func decodeQueueOps(data []byte) []qop {
	var ops []qop
	for i, b := range data {
		item := items[(b>>3)%4]
		sel := int(b>>5) & 7
		switch b & 7 {
		case 0:
			ops = append(ops, qop{kind: opAdd, item: item})
		case 1:
			ops = append(ops, qop{kind: opAddAfter, item: item, d: afterDelay[sel]})
		case 2:
			ops = append(ops, qop{kind: opAddRateLimited, item: item})
		case 3, 4:
			ops = append(ops, qop{kind: opGet})
		case 5:
			if b>>3 == 0x1f && i > len(data)/2 {
				ops = append(ops, qop{kind: opShutDown + opKind(b>>7)})
				continue
			}
			ops = append(ops, qop{kind: opDone, item: item})
		case 6:
			ops = append(ops, qop{kind: opStep, d: stepDelay[sel]})
		case 7:
			if b>>3&3 == 0 {
				ops = append(ops, qop{kind: opForget, item: item})
			} else {
				ops = append(ops, qop{kind: opDone, item: item})
			}
		}
	}
	return ops
}

func newLimiters() (ratelimit.Limiter[string], kworkqueue.TypedRateLimiter[string]) {
	return ratelimit.NewMaxOf[string](
			ratelimit.NewItemExponential[string](5*time.Millisecond, time.Second),
			ratelimit.NewItemFastSlow[string](10*time.Millisecond, 100*time.Millisecond, 2)),
		kworkqueue.NewTypedMaxOfRateLimiter[string](
			kworkqueue.NewTypedItemExponentialFailureRateLimiter[string](5*time.Millisecond, time.Second),
			kworkqueue.NewTypedItemFastSlowRateLimiter[string](10*time.Millisecond, 100*time.Millisecond, 2))
}

// runQueueDiff runs ops on both queues and returns the first divergence.
func runQueueDiff(ops []qop) (err error) {
	sc := newStepClock()
	rec := &recorder{}
	mlim, rlim := newLimiters()
	model := workqueue.New[string](sc.v, mlim)
	real := kworkqueue.NewTypedRateLimitingQueueWithConfig[string](rlim, kworkqueue.TypedRateLimitingQueueConfig[string]{
		Name: "diff", MetricsProvider: rec, Clock: sc,
	})
	loopRunning := true
	if err := waitFor(func() bool { return sc.selects.Load() > 0 }); err != nil {
		return fmt.Errorf("the waiting loop did not start")
	}
	var drainDone chan struct{}
	defer func() {
		real.ShutDown()
		if drainDone != nil && err == nil {
			err = waitClosed(drainDone, "ShutDownWithDrain after the final ShutDown")
		}
	}()

	var processing []string // handed out and not Done, in Get order
	for i, o := range ops {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("op %d %v: %s", i, o, fmt.Sprintf(format, args...))
		}
		switch o.kind {
		case opAdd:
			model.Add(o.item)
			real.Add(o.item)
		case opAddAfter, opAddRateLimited:
			before := sc.selects.Load()
			if o.kind == opAddAfter {
				model.AddAfter(o.item, o.d)
				real.AddAfter(o.item, o.d)
			} else {
				model.AddRateLimited(o.item)
				real.AddRateLimited(o.item)
			}
			// A positive delay hands the item to the loop (the limiters
			// here never return 0); wait until it has taken it.
			if loopRunning && !real.ShuttingDown() && (o.kind == opAddRateLimited || o.d > 0) {
				if err := sc.awaitSelect(before); err != nil {
					return fail("the waiting loop never took the item")
				}
			}
		case opGet:
			mItem, mShut, ok := model.TryGet()
			if !ok {
				if real.Len() != 0 || real.ShuttingDown() {
					return fail("model would block, real Len=%d ShuttingDown=%v", real.Len(), real.ShuttingDown())
				}
				continue
			}
			rItem, rShut := real.Get()
			if mItem != rItem || mShut != rShut {
				return fail("model (%q, %v), real (%q, %v)", mItem, mShut, rItem, rShut)
			}
			if !mShut {
				processing = append(processing, mItem)
			}
		case opDone:
			idx := slices.Index(processing, o.item)
			if idx < 0 {
				if len(processing) == 0 {
					continue
				}
				idx = 0
			}
			it := processing[idx]
			processing = slices.Delete(processing, idx, idx+1)
			model.Done(it)
			real.Done(it)
		case opForget:
			model.Forget(o.item)
			real.Forget(o.item)
		case opStep:
			if loopRunning && !real.ShuttingDown() {
				if err := sc.step(o.d); err != nil {
					return fail("the waiting loop did not react to its timer")
				}
			} else {
				sc.v.Advance(o.d) // the loop has exited or is about to: no timer matters
			}
		case opShutDown:
			model.ShutDown()
			real.ShutDown()
			loopRunning = false
		case opShutDownWithDrain:
			model.ShutDownWithDrain()
			if drainDone == nil {
				drainDone = make(chan struct{})
				go func() {
					real.ShutDownWithDrain()
					close(drainDone)
				}()
				if err := waitFor(real.ShuttingDown); err != nil {
					return fail("ShutDownWithDrain never started")
				}
			}
			// The loop stays in its select until a timer fires, then exits.
			loopRunning = false
		}

		if m, r := model.Len(), real.Len(); m != r {
			return fail("Len: model %d, real %d", m, r)
		}
		if m, r := model.ShuttingDown(), real.ShuttingDown(); m != r {
			return fail("ShuttingDown: model %v, real %v", m, r)
		}
		for _, it := range items {
			if m, r := model.NumRequeues(it), real.NumRequeues(it); m != r {
				return fail("NumRequeues(%s): model %d, real %d", it, m, r)
			}
		}
		if err := compareMetrics(model.Metrics(), rec); err != nil {
			return fail("%v", err)
		}
		if drainDone != nil && !model.Draining() {
			if err := waitClosed(drainDone, "ShutDownWithDrain"); err != nil {
				return fail("%v", err)
			}
		}
		if drainDone != nil && model.Draining() {
			select {
			case <-drainDone:
				return fail("ShutDownWithDrain returned while %d items are processed", model.Processing())
			default:
			}
		}
	}
	return nil
}

func compareMetrics(m workqueue.Metrics, rec *recorder) error {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if m.Adds != rec.adds || m.Depth != rec.depth || m.Retries != rec.retries {
		return fmt.Errorf("metrics adds/depth/retries: model %d/%d/%d, real %d/%d/%d",
			m.Adds, m.Depth, m.Retries, rec.adds, rec.depth, rec.retries)
	}
	if err := compareObservations("queue duration", m.QueueDurations, rec.latency); err != nil {
		return err
	}
	return compareObservations("work duration", m.WorkDurations, rec.work)
}

func compareObservations(name string, model []time.Duration, real []float64) error {
	if len(model) != len(real) {
		return fmt.Errorf("%s: model %d observations, real %d", name, len(model), len(real))
	}
	for i := range model {
		if model[i].Seconds() != real[i] {
			return fmt.Errorf("%s observation %d: model %v, real %vs", name, i, model[i], real[i])
		}
	}
	return nil
}

// waitFor polls cond for up to 5s of wall time. It is only ever waiting for
// the real queue's goroutine to catch up, never for virtual time.
func waitFor(cond func() bool) error {
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out")
		}
		time.Sleep(50 * time.Microsecond)
	}
	return nil
}

func waitClosed(ch chan struct{}, what string) error {
	select {
	case <-ch:
		return nil
	case <-time.After(5 * time.Second):
		return fmt.Errorf("%s did not return", what)
	}
}

func seqFromSeed(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(rng.UintN(256))
	}
	return data
}

func TestQueueAgainstReal(t *testing.T) {
	seeds, length := 40, 300
	if testing.Short() {
		seeds = 10
	}
	for seed := range uint64(seeds) {
		ops := decodeQueueOps(seqFromSeed(seed, length))
		if err := runQueueDiff(ops); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// FuzzQueueAgainstReal runs the same comparison on arbitrary sequences:
// go test -fuzz FuzzQueueAgainstReal ./runtime/queue/workqueue
func FuzzQueueAgainstReal(f *testing.F) {
	f.Add([]byte{0, 3, 5, 1})
	f.Add([]byte{0x21, 0x29, 0x41, 0x49, 0xc6, 3, 3, 3})       // AddAfter ties, then a step
	f.Add([]byte{0, 3, 0, 2, 5, 0xc6, 3, 0xfd, 3, 3, 0x9e, 3}) // dirty while processing, shutdown
	f.Add(seqFromSeed(1000, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			data = data[:400]
		}
		if err := runQueueDiff(decodeQueueOps(data)); err != nil {
			t.Fatal(err)
		}
	})
}
