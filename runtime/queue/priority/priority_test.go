package priority_test

import (
	"slices"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority/prioritytest"
)

func newQueue(rl priority.RateLimiter[string]) (*priority.Queue[string], *prioritytest.Clock) {
	c := prioritytest.NewClock()
	if rl == nil {
		rl = prioritytest.ConstLimiter[string](0)
	}
	return priority.New[string](c, rl), c
}

func wantOrder(t *testing.T, q *priority.Queue[string], want ...string) {
	t.Helper()
	if got := keys(drain(q)); !slices.Equal(got, want) {
		t.Fatalf("handed out %q, want %q", got, want)
	}
}

func wantNextReadyAt(t *testing.T, q *priority.Queue[string], want time.Duration) {
	t.Helper()
	q.Flush()
	at, ok := q.NextReadyAt()
	if !ok {
		t.Fatalf("NextReadyAt: nothing waiting, want prioritytest.T0+%v", want)
	}
	if got := at.Sub(prioritytest.T0); got != want {
		t.Fatalf("NextReadyAt = prioritytest.T0+%v, want prioritytest.T0+%v", got, want)
	}
}

func TestReadyOrderPriorityThenFIFO(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{}, "a")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "b")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(-100)}, "low")
	q.AddWithOpts(priority.AddOpts{}, "c")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "d")
	wantOrder(t, q, "b", "d", "a", "c", "low")
}

func TestDedup(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("a")
	q.Add("a")
	q.AddWithOpts(priority.AddOpts{}, "a", "a")
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1", n)
	}
	wantOrder(t, q, "a")
}

func TestReadyAbsorbsAddAfter(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("a")
	q.AddAfter("a", time.Second)
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1", n)
	}
	if _, ok := q.NextReadyAt(); ok {
		t.Fatal("AddAfter on a ready item created a waiting item")
	}
	wantOrder(t, q, "a")
}

func TestReadyAbsorbsRateLimitedAddButCallsWhen(t *testing.T) {
	rl := prioritytest.ConstLimiter[string](time.Minute)
	q, _ := newQueue(rl)
	q.Add("a")
	q.AddRateLimited("a")
	if n := q.Len(); n != 1 || q.Waiting() != 0 {
		t.Fatalf("Len = %d, Waiting = %d, want 1, 0", n, q.Waiting())
	}
	if rl.Calls() != 1 || q.NumRequeues("a") != 1 {
		t.Fatalf("When calls = %d, NumRequeues = %d, want 1, 1", rl.Calls(), q.NumRequeues("a"))
	}
}

func TestWaitingPlusImmediateIsReadyWithOldCounter(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddAfter("a", time.Hour) // counter 0
	q.Add("b")                 // counter 1
	q.Add("a")                 // promoted, keeps counter 0
	if n := q.Len(); n != 2 {
		t.Fatalf("Len = %d, want 2", n)
	}
	if _, ok := q.NextReadyAt(); ok {
		t.Fatal("a is still waiting")
	}
	wantOrder(t, q, "a", "b")
}

func TestWaitingPlusWaitingKeepsEarlierReadyAt(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddAfter("a", 10*time.Second)
	q.AddAfter("a", 5*time.Second)
	wantNextReadyAt(t, q, 5*time.Second)

	q2, _ := newQueue(nil)
	q2.AddAfter("a", 5*time.Second)
	q2.AddAfter("a", 10*time.Second)
	wantNextReadyAt(t, q2, 5*time.Second)
	if q2.Waiting() != 1 {
		t.Fatalf("Waiting = %d, want 1", q2.Waiting())
	}
}

func TestPriorityOnlyRises(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "a")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "a")
	q.Add("a")
	if _, p, _ := q.TryGetWithPriority(); p != 5 {
		t.Fatalf("priority = %d, want 5", p)
	}
}

func TestEqualPriorityKeepsCounter(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "a")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "b")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "a")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(0)}, "a")
	wantOrder(t, q, "a", "b")
}

func TestPriorityRiseTakesFreshCounter(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("x")                                                           // prio 0, counter 0
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "y") // prio 1, counter 1
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "x") // prio 1, counter 2
	wantOrder(t, q, "y", "x")
}

func TestPriorityRiseOnWaitingItemTakesFreshCounter(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddAfter("x", time.Hour)                                           // counter 0
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "y") // counter 1
	// Rise while waiting: counter 2. The later immediate add promotes x
	// and keeps counter 2, so y stays first.
	q.AddWithOpts(priority.AddOpts{After: time.Hour, Priority: prioritytest.Prio(1)}, "x")
	q.Add("x")
	wantOrder(t, q, "y", "x")
}

func TestPromotedByAddWithRiseTakesFreshCounter(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddAfter("x", time.Hour)                                           // counter 0
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "y") // counter 1
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "x") // ready, prio 1, counter 2
	wantOrder(t, q, "y", "x")
}

func TestTimerReadyGetsNewCounter(t *testing.T) {
	q, c := newQueue(nil)
	q.AddAfter("a", time.Second) // counter 0
	q.Add("b")                   // counter 1
	q.Flush()
	c.Step(time.Second)
	// a becomes ready by its timer with counter 2, behind b.
	if n := q.Len(); n != 2 {
		t.Fatalf("Len = %d, want 2", n)
	}
	wantOrder(t, q, "b", "a")
}

func TestTimerPromotionInWaitingOrder(t *testing.T) {
	q, c := newQueue(nil)
	q.AddAfter("late", 2*time.Second)
	q.AddAfter("early", time.Second)
	q.Flush()
	c.Step(3 * time.Second)
	// Both promoted by one flush: early first, so early gets the lower
	// counter.
	wantOrder(t, q, "early", "late")
}

func TestNotReadyBeforeReadyAt(t *testing.T) {
	q, c := newQueue(nil)
	q.AddAfter("a", time.Second)
	q.Flush()
	c.Step(time.Second - time.Nanosecond)
	if n := q.Len(); n != 0 {
		t.Fatalf("Len = %d before ReadyAt, want 0", n)
	}
	c.Step(time.Nanosecond)
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d at ReadyAt, want 1", n)
	}
}

func TestNowEvaluatedAtFlush(t *testing.T) {
	q, c := newQueue(nil)
	q.AddAfter("a", time.Second)
	c.Step(10 * time.Second) // not flushed yet
	wantNextReadyAt(t, q, 11*time.Second)
}

func TestWhenEvaluatedAtFlush(t *testing.T) {
	rl := prioritytest.ConstLimiter[string](time.Second)
	q, _ := newQueue(rl)
	q.AddRateLimited("a")
	if rl.Calls() != 0 || q.Buffered() != 1 {
		t.Fatalf("When calls = %d, buffered = %d before flush, want 0, 1", rl.Calls(), q.Buffered())
	}
	if n := q.Len(); n != 0 {
		t.Fatalf("Len = %d, want 0 (waiting)", n)
	}
	if rl.Calls() != 1 || q.Buffered() != 0 {
		t.Fatalf("When calls = %d, buffered = %d after Len, want 1, 0", rl.Calls(), q.Buffered())
	}
}

func TestGetFlushes(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("a")
	if k, _ := q.Get(); k != "a" {
		t.Fatalf("Get = %q, want a", k)
	}
}

func TestDelayRule(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    priority.AddOpts
		rl      time.Duration
		waiting bool
		readyIn time.Duration
	}{
		{"immediate", priority.AddOpts{}, time.Minute, false, 0},
		{"after", priority.AddOpts{After: time.Second}, time.Minute, true, time.Second},
		{"negative after", priority.AddOpts{After: -time.Second}, time.Minute, false, 0},
		{"rate limited", priority.AddOpts{RateLimited: true}, time.Minute, true, time.Minute},
		{"rate limited zero", priority.AddOpts{RateLimited: true}, 0, false, 0},
		{"min is limiter", priority.AddOpts{After: time.Hour, RateLimited: true}, time.Minute, true, time.Minute},
		{"min is after", priority.AddOpts{After: time.Second, RateLimited: true}, time.Minute, true, time.Second},
		{"limiter zero beats after", priority.AddOpts{After: time.Second, RateLimited: true}, 0, false, 0},
		// after != 0 and the limiter's delay is not below it: the
		// negative After stays, so the item is ready at once.
		{"negative after beats limiter", priority.AddOpts{After: -time.Second, RateLimited: true}, time.Minute, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rl := prioritytest.ConstLimiter[string](tc.rl)
			q, _ := newQueue(rl)
			q.AddWithOpts(tc.opts, "a")
			q.Flush()
			if tc.opts.RateLimited && rl.Calls() != 1 {
				t.Fatalf("When calls = %d, want 1", rl.Calls())
			}
			if !tc.waiting {
				if q.Len() != 1 {
					t.Fatal("item not ready")
				}
				return
			}
			if q.Len() != 0 {
				t.Fatal("item ready, want waiting")
			}
			wantNextReadyAt(t, q, tc.readyIn)
		})
	}
}

func TestGetLocksAndAddWhileLockedWaitsForDone(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("a")
	if k, _ := q.Get(); k != "a" {
		t.Fatalf("Get = %q", k)
	}
	if !q.Locked("a") {
		t.Fatal("a not locked after Get")
	}
	q.Add("a") // a new item, since Get removed a from the items map
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1 (locked ready items count)", n)
	}
	if k, _, ok := q.TryGetWithPriority(); ok {
		t.Fatalf("handed out %q while a is locked", k)
	}
	q.Done("a")
	if q.Locked("a") {
		t.Fatal("a locked after Done")
	}
	wantOrder(t, q, "a")
}

func TestAddWhileLockedIsNewItem(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "a")
	q.Get()
	// A lower priority add creates a fresh item: no merge with the
	// handed-out one, so the priority is 0, not 5.
	q.Add("a")
	q.Done("a")
	if _, p, _ := q.GetWithPriority(); p != 0 {
		t.Fatalf("priority = %d, want 0", p)
	}
}

func TestLockedDoesNotBlockLowerPriority(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "a")
	q.Get()
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(5)}, "a")
	q.Add("b")
	wantOrder(t, q, "b")
	q.Done("a")
	wantOrder(t, q, "a")
}

func TestLenCountsReadyNotWaiting(t *testing.T) {
	q, _ := newQueue(nil)
	q.Add("ready")
	q.AddAfter("waiting", time.Second)
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1", n)
	}
}

func TestGetBlocksPanics(t *testing.T) {
	q, _ := newQueue(nil)
	defer func() {
		if recover() == nil {
			t.Fatal("Get on an empty queue did not panic")
		}
	}()
	q.Get()
}

func TestForgetAndNumRequeuesUseLimiter(t *testing.T) {
	rl := prioritytest.ConstLimiter[string](0)
	q, _ := newQueue(rl)
	q.AddRateLimited("a")
	q.AddRateLimited("a")
	q.Flush()
	if n := q.NumRequeues("a"); n != 2 {
		t.Fatalf("NumRequeues = %d, want 2", n)
	}
	q.Forget("a")
	if n := q.NumRequeues("a"); n != 0 {
		t.Fatalf("NumRequeues after Forget = %d, want 0", n)
	}
}

func TestGetAfterShutDown(t *testing.T) {
	q, _ := newQueue(nil)
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(3)}, "a")
	q.Flush()
	q.ShutDown()
	if !q.ShuttingDown() {
		t.Fatal("ShuttingDown = false")
	}
	k, p, shutdown := q.GetWithPriority()
	if k != "" || p != 0 || !shutdown {
		t.Fatalf("GetWithPriority = (%q, %d, %v), want (\"\", 0, true)", k, p, shutdown)
	}
	if _, shutdown := q.Get(); !shutdown {
		t.Fatal("Get: shutdown = false")
	}
	if _, _, ok := q.TryGetWithPriority(); ok {
		t.Fatal("TryGetWithPriority handed out an item after ShutDown")
	}
	// The ready item is still counted, as in the real queue.
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1", n)
	}
}

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatalf("%s did not panic", name)
		}
	}()
	f()
}

func TestShutDownTwicePanics(t *testing.T) {
	q, _ := newQueue(nil)
	q.ShutDown()
	mustPanic(t, "second ShutDown", q.ShutDown)
	mustPanic(t, "ShutDownWithDrain after ShutDown", q.ShutDownWithDrain)

	q2, _ := newQueue(nil)
	q2.ShutDownWithDrain()
	if !q2.ShuttingDown() {
		t.Fatal("ShutDownWithDrain did not shut down")
	}
	mustPanic(t, "second ShutDownWithDrain", q2.ShutDownWithDrain)
}

func TestShutDownDropsBufferedAndLaterAdds(t *testing.T) {
	rl := prioritytest.ConstLimiter[string](0)
	q, _ := newQueue(rl)
	q.AddRateLimited("buffered")
	q.ShutDownWithDrain()
	q.Add("late")
	if n := q.Len(); n != 0 {
		t.Fatalf("Len = %d, want 0", n)
	}
	if rl.Calls() != 0 {
		t.Fatalf("When called %d times after ShutDown, want 0", rl.Calls())
	}
}

func TestShutDownFreezesWaiting(t *testing.T) {
	q, c := newQueue(nil)
	q.AddAfter("due", time.Second)
	q.AddAfter("later", time.Hour)
	q.Flush()
	c.Step(time.Second)
	q.ShutDown() // due was moved by the timer before ShutDown
	c.Step(2 * time.Hour)
	if n := q.Len(); n != 1 {
		t.Fatalf("Len = %d, want 1", n)
	}
	if _, ok := q.NextReadyAt(); ok {
		t.Fatal("NextReadyAt reports a waiting item after ShutDown")
	}
}

func TestDoneAfterShutDownAndForUnknownItem(t *testing.T) {
	q, _ := newQueue(nil)
	q.Done("never")
	q.Add("a")
	q.Get()
	q.ShutDown()
	q.Done("a")
	if q.Locked("a") {
		t.Fatal("a still locked")
	}
}

type recorder struct{ events []string }

func (r *recorder) Add(k string, p int)      { r.events = append(r.events, "add "+k) }
func (r *recorder) Get(k string, p int)      { r.events = append(r.events, "get "+k) }
func (r *recorder) UpdateDepth(old, new int) { r.events = append(r.events, "depth") }
func (r *recorder) Done(k string)            { r.events = append(r.events, "done "+k) }
func (r *recorder) Retry()                   { r.events = append(r.events, "retry") }

func TestMetricsEvents(t *testing.T) {
	q, c := newQueue(nil)
	r := &recorder{}
	q.SetMetrics(r)
	q.Add("a")
	q.AddWithOpts(priority.AddOpts{Priority: prioritytest.Prio(1)}, "a") // rise of a ready item
	q.AddAfter("b", time.Second)                                         // retry
	q.AddAfter("b", 2*time.Second)                                       // retry, merged
	q.AddAfter("c", time.Second)                                         // retry
	q.Add("c")                                                           // promoted by add
	q.Flush()
	c.Step(time.Second) // b promoted by timer
	q.Get()
	q.Done("a")
	want := []string{"add a", "depth", "retry", "retry", "retry", "add c", "add b", "get a", "done a"}
	if !slices.Equal(r.events, want) {
		t.Fatalf("events = %q, want %q", r.events, want)
	}
}
