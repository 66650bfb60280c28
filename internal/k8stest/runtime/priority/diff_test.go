package priority_test

// Differential tests: the model against the real controller-runtime v0.24.1
// priority queue, on operation programs decoded from bytes (random bytes from
// fixed seeds in TestDifferential, fuzzer input in FuzzDifferential).
//
// How the real queue is made deterministic:
//
//   - Time. The real queue calls its unexported fields now and tick (marked
//     "Configurable for testing" in the source) to compute ReadyAt and to
//     schedule its timer goroutine. The test sets them, through reflect and
//     unsafe and under the queue's own lock, to the fake clock the model also
//     reads and to a single channel the test fires. Time only moves in an
//     advance operation, so the wall-clock moment at which a goroutine runs
//     never changes a result.
//   - Flushes. The real queue flushes its add buffer from a goroutine at an
//     unknown moment, but always in buffer order and always at the frozen
//     fake time, and Get and Len flush before reading. Before every advance,
//     ShutDown, Forget and NumRequeues both queues are flushed (Len on the
//     real one, Flush on the model): the flush calls RateLimiter.When, whose
//     failure count Forget resets and NumRequeues reads, so without it the
//     result would depend on when the real flush goroutine ran.
//   - Timer promotions. After an advance the test fires the tick channel and
//     polls the real Len until it reaches the model's Len; the real queue
//     moves all due items in one locked section, so the poll cannot observe
//     half a move. A wrong model makes the poll time out and fail.
//   - Rate limiter. Both queues get their own prioritytest.Limiter, whose delay
//     depends only on the per-item call count, so When returns the same
//     sequence as long as the calls come in the same order.
//   - The real queue is built with an empty name, so it uses no metrics and
//     starts no unfinished-work goroutine; its logger is the zero logr.Logger.
//
// What is compared: the key and priority of every handed-out item and
// whether Get reports shutdown, Len after every operation that asks for it,
// after every advance and at the end, NumRequeues, GetWithPriority after
// ShutDown, and that ShutDown panics the second time.
//
// What is not compared, and why:
//
//   - Get when the model has nothing to hand out: the real Get blocks until an
//     item arrives and cannot be cancelled, so the test only calls it when the
//     model hands out an item (with a timeout that fails the test). Equal Len
//     and the order of later Gets cover what the blocked Get would see.
//   - Adds still buffered at ShutDown: whether the real flush goroutine runs
//     before ShutDown is a race, so the test flushes first. That buffered adds
//     are dropped is checked by the model's unit tests only.
//   - More than one blocked Get: which goroutine receives which item is up to
//     the scheduler. The test has a single waiter.
//   - The shutdown flag returned together with an item when ShutDown races a
//     hand-out, for the same reason.
//   - ReadyAt itself (the real queue does not expose it) and NextReadyAt (the
//     real queue has no such method): ReadyAt merging is compared through
//     when items become ready after each advance.
//   - Time after ShutDown: the program never advances the clock once the
//     queue is shut down. The real timer goroutine selects between the closed
//     done channel and a pending tick or notification at random, so it may
//     still move due items once after ShutDown; the model moves none.
//   - ShutDown while a Get is blocked: the program never does it. The blocked
//     Get returns through the done channel but leaves the real queue's
//     waiter count at 1, and if the hand-out goroutine is woken after
//     ShutDown (a Done notifies it; select picks at random between that and
//     the closed done channel) while an unlocked item is ready, it blocks
//     forever sending to the departed waiter while holding the queue lock,
//     so the next Len or Done hangs (see NOTES.md).
//   - Metrics, logging, and the real timer's actual wall-clock firing, which
//     the fake tick replaces.

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"

	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority/prioritytest"
)

// diffKeys is small so that keys collide and merge often.
var diffKeys = []string{"k0", "k1", "k2", "k3", "k4", "k5"}

var diffAfter = []time.Duration{0, 0, -time.Millisecond, 500 * time.Millisecond, time.Second, 3 * time.Second, time.Hour}

var diffPrio = []*int{nil, prioritytest.Prio(-100), prioritytest.Prio(0), prioritytest.Prio(1), prioritytest.Prio(5)}

var diffStep = []time.Duration{250 * time.Millisecond, time.Second, 2 * time.Second, 10 * time.Second}

// diffDelays are the rate limiter's delays by failure count; 0 makes a
// rate-limited add immediate, time.Hour keeps it waiting for the whole
// program.
var diffDelays = []time.Duration{0, time.Second, 500 * time.Millisecond, 2 * time.Second, 0, time.Hour}

func diffLimiter() *prioritytest.Limiter[string] {
	return prioritytest.NewLimiter(func(_ string, n int) time.Duration { return diffDelays[n%len(diffDelays)] })
}

// realQueue wraps the real priority queue with its fake time controls.
type realQueue struct {
	q    priorityqueue.PriorityQueue[string]
	tick chan time.Time
}

func newRealQueue(t testing.TB, clk *prioritytest.Clock, rl *prioritytest.Limiter[string]) *realQueue {
	t.Helper()
	q := priorityqueue.New("", func(o *priorityqueue.Opts[string]) { o.RateLimiter = rl })
	r := &realQueue{q: q, tick: make(chan time.Time, 1)}

	v := reflect.ValueOf(q)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		t.Fatalf("real queue is %T, not a pointer to a struct", q)
	}
	v = v.Elem()
	field := func(name string, typ reflect.Type) reflect.Value {
		f := v.FieldByName(name)
		if !f.IsValid() || f.Type() != typ {
			t.Fatalf("real queue %T has no field %s of type %v: controller-runtime changed, update the test", q, name, typ)
		}
		return reflect.NewAt(typ, unsafe.Pointer(f.UnsafeAddr())).Elem()
	}
	mu := field("lock", reflect.TypeFor[sync.Mutex]()).Addr().Interface().(*sync.Mutex)
	now := field("now", reflect.TypeFor[func() time.Time]())
	tick := field("tick", reflect.TypeFor[func(time.Duration) <-chan time.Time]())
	mu.Lock()
	now.Set(reflect.ValueOf(clk.Now))
	tick.Set(reflect.ValueOf(func(time.Duration) <-chan time.Time { return r.tick }))
	mu.Unlock()
	return r
}

// getResult is what a real GetWithPriority returned.
type getResult struct {
	key      string
	prio     int
	shutdown bool
}

// startGet calls the real GetWithPriority in a goroutine, as a blocked
// worker does.
func (r *realQueue) startGet() <-chan getResult {
	ch := make(chan getResult, 1)
	go func() {
		k, p, s := r.q.GetWithPriority()
		ch <- getResult{k, p, s}
	}()
	return ch
}

// await waits for a started Get, failing instead of blocking forever.
func await(t testing.TB, ch <-chan getResult) getResult {
	t.Helper()
	select {
	case x := <-ch:
		return x
	case <-time.After(10 * time.Second):
		t.Fatal("real GetWithPriority blocked where the model hands out an item")
		return getResult{}
	}
}

// fire wakes the real timer goroutine.
func (r *realQueue) fire() {
	select {
	case r.tick <- time.Time{}:
	default: // a tick is pending already
	}
}

// waitLen polls the real Len until it is want.
func (r *realQueue) waitLen(t testing.TB, want int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		n := r.q.Len()
		if n == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after advance: real Len = %d, model Len = %d", n, want)
		}
		time.Sleep(20 * time.Microsecond)
	}
}

func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

// diffRun decodes prog into operations and runs them on both queues.
//
// The program has one worker. A get when the model has nothing to hand out
// parks the worker: the real GetWithPriority stays blocked in a goroutine,
// and after every later operation the model is asked whether the worker now
// gets an item. If it does, the test waits for the real Get and compares;
// if it does not, the real Get must not have returned either.
func diffRun(t testing.TB, prog []byte) {
	clk := prioritytest.NewClock()
	mrl, rrl := diffLimiter(), diffLimiter()
	m := priority.New[string](clk, mrl)
	r := newRealQueue(t, clk, rrl)
	shutdown := false
	defer func() {
		if !shutdown {
			r.q.ShutDown() // stops the real goroutines and a parked Get
		}
	}()
	var locked []string         // handed out, Done not called
	var parked <-chan getResult // the blocked real Get, if any
	var log []string            // operations so far, for failure messages

	pos := 0
	next := func() byte {
		if pos >= len(prog) {
			return 0
		}
		pos++
		return prog[pos-1]
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\nafter operations:\n\t%s", fmt.Sprintf(format, args...), strings.Join(log, "\n\t"))
	}
	compareLen := func(what string) {
		t.Helper()
		if mn, rn := m.Len(), r.q.Len(); mn != rn {
			fail("%s: model Len = %d, real Len = %d", what, mn, rn)
		}
	}
	handedOut := func(mk string, mp int, x getResult) {
		t.Helper()
		log = append(log, fmt.Sprintf("  -> %s/%d", mk, mp))
		if x.key != mk || x.prio != mp || x.shutdown {
			fail("get: model (%s, %d, false), real (%s, %d, %v)", mk, mp, x.key, x.prio, x.shutdown)
		}
		locked = append(locked, mk)
	}
	// settle gives the parked worker an item if the model has one.
	settle := func() {
		t.Helper()
		if parked == nil || shutdown {
			return
		}
		mk, mp, ok := m.TryGetWithPriority()
		if !ok {
			select {
			case x := <-parked:
				fail("real Get returned (%s, %d, %v) while the model has nothing", x.key, x.prio, x.shutdown)
			default:
			}
			return
		}
		handedOut(mk, mp, await(t, parked))
		parked = nil
	}
	get := func() bool {
		t.Helper()
		if parked != nil {
			log = append(log, "get: worker still blocked")
			return false
		}
		log = append(log, "get")
		mk, mp, ok := m.TryGetWithPriority()
		if !ok {
			log = append(log, "  -> blocks")
			parked = r.startGet()
			return false
		}
		handedOut(mk, mp, await(t, r.startGet()))
		return true
	}
	// flush applies the buffered adds of both queues now.
	flush := func() {
		m.Flush()
		r.q.Len()
	}
	advance := func(d time.Duration) {
		t.Helper()
		flush()
		clk.Step(d)
		log = append(log, fmt.Sprintf("advance %v", d))
		r.fire()
		settle() // a parked worker takes the first promoted item
		r.waitLen(t, m.Len())
	}
	done := func(k string) {
		log = append(log, "done "+k)
		m.Done(k)
		r.q.Done(k)
		if i := slices.Index(locked, k); i >= 0 {
			locked = slices.Delete(locked, i, i+1)
		}
	}

	for pos < len(prog) {
		switch op := next() % 16; {
		case op <= 4:
			b := next()
			ks := []string{diffKeys[int(next())%len(diffKeys)]}
			if b&3 == 3 {
				ks = append(ks, diffKeys[int(next())%len(diffKeys)])
			}
			o := next()
			opts := priority.AddOpts{
				After:       diffAfter[int(b>>2)%len(diffAfter)],
				RateLimited: o&1 == 1,
				Priority:    diffPrio[int(o>>1)%len(diffPrio)],
			}
			log = append(log, fmt.Sprintf("add %v after=%v rl=%v prio=%s", ks, opts.After, opts.RateLimited, fmtPrio(opts.Priority)))
			m.AddWithOpts(opts, ks...)
			r.q.AddWithOpts(priorityqueue.AddOpts{After: opts.After, RateLimited: opts.RateLimited, Priority: opts.Priority}, ks...)
		case op <= 7:
			if shutdown {
				mk, mp, ms := m.GetWithPriority()
				rk, rp, rs := r.q.GetWithPriority()
				log = append(log, "get after shutdown")
				if mk != rk || mp != rp || ms != rs || !ms {
					fail("get after shutdown: model (%q, %d, %v), real (%q, %d, %v)", mk, mp, ms, rk, rp, rs)
				}
				continue
			}
			get()
		case op <= 9:
			b := int(next())
			if len(locked) > 0 && b&1 == 0 {
				done(locked[(b>>1)%len(locked)])
			} else {
				done(diffKeys[b%len(diffKeys)])
			}
		case op == 10:
			k := diffKeys[int(next())%len(diffKeys)]
			log = append(log, "forget "+k)
			flush()
			m.Forget(k)
			r.q.Forget(k)
		case op == 11:
			k := diffKeys[int(next())%len(diffKeys)]
			log = append(log, "numrequeues "+k)
			flush()
			if mn, rn := m.NumRequeues(k), r.q.NumRequeues(k); mn != rn {
				fail("NumRequeues(%s): model %d, real %d", k, mn, rn)
			}
		case op == 12:
			log = append(log, "len")
			compareLen("len")
		case op <= 14:
			d := diffStep[int(next())%len(diffStep)]
			if shutdown {
				// See the file comment: the real timer goroutine may
				// still run one pass after ShutDown.
				log = append(log, fmt.Sprintf("advance %v skipped after shutdown", d))
				continue
			}
			advance(d)
		default:
			if next()%8 != 0 {
				log = append(log, "len")
				compareLen("len")
				continue
			}
			if parked != nil {
				// See the file comment: ShutDown with a blocked Get
				// can deadlock the real queue.
				log = append(log, "shutdown skipped: worker blocked")
				continue
			}
			flush()
			log = append(log, "shutdown")
			mp, rp := panics(m.ShutDown), panics(r.q.ShutDown)
			if mp != rp || mp != shutdown {
				fail("ShutDown panicked: model %v, real %v, want %v", mp, rp, shutdown)
			}
			shutdown = true
			compareLen("after shutdown")
		}
		settle()
	}

	// Hand out everything that is left: unlock, let every timer fire, drain.
	for len(locked) > 0 {
		done(locked[0])
		settle()
	}
	if !shutdown {
		advance(2 * time.Hour)
		for get() {
		}
		if parked == nil {
			// The worker took the last item while settling.
			get()
		}
	}
	compareLen("end")
	if !shutdown && m.Len() != 0 {
		fail("end: %d items left after draining", m.Len())
	}
}

func fmtPrio(p *int) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func TestDifferential(t *testing.T) {
	for seed := range uint64(24) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			rnd := rand.New(rand.NewPCG(seed, 0x7265636f6e63696c))
			prog := make([]byte, 600)
			for i := range prog {
				prog[i] = byte(rnd.Uint32())
			}
			diffRun(t, prog)
		})
	}
}

func FuzzDifferential(f *testing.F) {
	// add k0 after 1s; add k1; advance 1s; get; get
	f.Add([]byte{0, 16, 0, 0, 0, 0, 1, 0, 13, 1, 5, 5})
	// add k2 prio 5 rate-limited twice; len; get; add k2 while locked; done; get
	f.Add([]byte{1, 0, 2, 9, 1, 0, 2, 9, 12, 6, 2, 0, 2, 0, 8, 0, 7})
	// add [k3 k4] after 3s; add k3 prio 1; advance 10s; shutdown; get; shutdown
	f.Add([]byte{3, 23, 3, 4, 0, 4, 0, 3, 6, 14, 3, 15, 0, 5, 15, 0})
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 4096 {
			t.Skip("program too long")
		}
		diffRun(t, prog)
	})
}
