package workqueue_test

import (
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/workqueue"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

func newQueue() (*clock.Virtual, *workqueue.Queue[string]) {
	clk := clock.New(time.Time{})
	return clk, workqueue.New[string](clk, ratelimit.NewItemExponential[string](5*time.Millisecond, time.Second))
}

func mustGet(t *testing.T, q *workqueue.Queue[string], want string) {
	t.Helper()
	item, shutdown, ok := q.TryGet()
	if !ok || shutdown || item != want {
		t.Fatalf("TryGet = (%q, shutdown %v, ok %v), want %q", item, shutdown, ok, want)
	}
}

func mustBlock(t *testing.T, q *workqueue.Queue[string]) {
	t.Helper()
	if item, shutdown, ok := q.TryGet(); ok {
		t.Fatalf("TryGet = (%q, %v), want it to block", item, shutdown)
	}
}

func TestDedupAndDirtyWhileProcessing(t *testing.T) {
	_, q := newQueue()
	q.Add("a")
	q.Add("b")
	q.Add("a")
	if q.Len() != 2 {
		t.Fatalf("Len = %d, want 2", q.Len())
	}
	mustGet(t, q, "a")
	q.Add("a") // while processing: dirty only
	if q.Len() != 1 {
		t.Fatalf("Len = %d, want 1 (a is processing)", q.Len())
	}
	if m := q.Metrics(); m.Depth != 2 || m.Adds != 3 {
		t.Fatalf("depth %d adds %d, want 2 and 3 (client-go counts the dirty processing item)", m.Depth, m.Adds)
	}
	mustGet(t, q, "b")
	mustBlock(t, q)
	q.Done("a")
	mustGet(t, q, "a")
}

func TestAddAfterIsNotDedupedAgainstQueued(t *testing.T) {
	clk, q := newQueue()
	q.Add("a")
	q.AddAfter("a", time.Second)
	mustGet(t, q, "a")
	q.Done("a")
	mustBlock(t, q)
	if at, ok := q.NextReadyAt(); !ok || at.Sub(clock.Epoch) != time.Second {
		t.Fatalf("NextReadyAt = %v, %v", at, ok)
	}
	clk.Advance(time.Second)
	mustGet(t, q, "a")
}

func TestWaitingDuplicatesKeepEarlierReadyAt(t *testing.T) {
	clk, q := newQueue()
	q.AddAfter("a", 3*time.Second)
	q.AddAfter("a", time.Second)
	q.AddAfter("a", 5*time.Second)
	if q.Waiting() != 1 {
		t.Fatalf("Waiting = %d, want 1", q.Waiting())
	}
	clk.Advance(time.Second)
	if q.Len() != 1 {
		t.Fatal("item not ready at the earliest readyAt")
	}
	if m := q.Metrics(); m.Retries != 3 {
		t.Fatalf("retries = %d, want 3", m.Retries)
	}
}

func TestNonPositiveDelayIsPlainAdd(t *testing.T) {
	_, q := newQueue()
	q.AddAfter("a", 0)
	q.AddAfter("b", -time.Second)
	if q.Len() != 2 || q.Waiting() != 0 {
		t.Fatalf("Len %d Waiting %d", q.Len(), q.Waiting())
	}
}

func TestRateLimitedBackoff(t *testing.T) {
	clk, q := newQueue()
	q.AddRateLimited("a")
	q.AddRateLimited("a")
	if q.NumRequeues("a") != 2 {
		t.Fatalf("NumRequeues = %d", q.NumRequeues("a"))
	}
	clk.Advance(4 * time.Millisecond)
	mustBlock(t, q)
	clk.Advance(time.Millisecond)
	mustGet(t, q, "a") // the earlier readyAt (5ms) wins over 10ms
	q.Forget("a")
	if q.NumRequeues("a") != 0 {
		t.Fatal("Forget did not reset")
	}
}

func TestShutDown(t *testing.T) {
	clk, q := newQueue()
	q.Add("a")
	q.Add("b")
	q.AddAfter("c", time.Second)
	mustGet(t, q, "a")
	q.ShutDown()
	q.ShutDown() // idempotent
	q.Add("d")
	q.AddRateLimited("e")
	if q.NumRequeues("e") != 1 {
		t.Fatal("When must run even after shutdown")
	}
	clk.Advance(time.Hour)
	mustGet(t, q, "b") // queued items are still handed out
	if _, shutdown, ok := q.TryGet(); !ok || !shutdown {
		t.Fatal("TryGet after shutdown on an empty queue must report shutdown")
	}
	if m := q.Metrics(); m.Retries != 1 {
		t.Fatalf("retries = %d, want 1 (adds after shutdown are not counted)", m.Retries)
	}
}

func TestShutDownWithDrain(t *testing.T) {
	_, q := newQueue()
	q.Add("a")
	q.Add("b")
	mustGet(t, q, "a")
	q.Add("a")
	q.ShutDownWithDrain()
	if !q.Draining() {
		t.Fatal("drain must wait for a")
	}
	q.Done("a") // a was dirty: it is queued again despite the shutdown
	if q.Draining() {
		t.Fatal("drain must return once nothing is processed")
	}
	mustGet(t, q, "b")
	mustGet(t, q, "a")
	if q.Draining() {
		t.Fatal("a returned drain stays returned")
	}

	_, q2 := newQueue()
	q2.Add("x")
	mustGet(t, q2, "x")
	q2.ShutDownWithDrain()
	q2.ShutDown()
	if q2.Draining() {
		t.Fatal("ShutDown must end a drain")
	}
}

func TestDurationsAndUnfinishedWork(t *testing.T) {
	clk, q := newQueue()
	q.Add("a")
	clk.Advance(2 * time.Second)
	q.Add("b")
	mustGet(t, q, "a")
	clk.Advance(time.Second)
	mustGet(t, q, "b")
	clk.Advance(3 * time.Second)
	total, longest := q.UnfinishedWork()
	if total != 7*time.Second || longest != 4*time.Second {
		t.Fatalf("unfinished %v longest %v, want 7s and 4s", total, longest)
	}
	q.Done("a")
	m := q.Metrics()
	if len(m.QueueDurations) != 2 || m.QueueDurations[0] != 2*time.Second || m.QueueDurations[1] != time.Second {
		t.Fatalf("queue durations %v", m.QueueDurations)
	}
	if len(m.WorkDurations) != 1 || m.WorkDurations[0] != 4*time.Second {
		t.Fatalf("work durations %v", m.WorkDurations)
	}
}
