package ratelimit_test

import (
	"math"
	"runtime"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

func TestDefaultBackoffSequence(t *testing.T) {
	got := ratelimit.Backoff(21)
	for i, d := range got[:18] {
		want := 5 * time.Millisecond << i
		if d != want {
			t.Fatalf("delay %d = %v, want %v", i+1, d, want)
		}
	}
	if got[17] != 655360*time.Millisecond {
		t.Fatalf("18th delay = %v, want 655.36s", got[17])
	}
	for i := 18; i < len(got); i++ {
		if got[i] != 1000*time.Second {
			t.Fatalf("delay %d = %v, want the 1000s cap", i+1, got[i])
		}
	}
}

func TestItemExponentialCountsPerItemAndForgets(t *testing.T) {
	l := ratelimit.NewItemExponential[string](time.Millisecond, time.Second)
	for range 3 {
		l.When("a")
	}
	l.When("b")
	if n := l.NumRequeues("a"); n != 3 {
		t.Fatalf("NumRequeues(a) = %d, want 3", n)
	}
	if n := l.NumRequeues("b"); n != 1 {
		t.Fatalf("NumRequeues(b) = %d, want 1", n)
	}
	if d := l.When("a"); d != 8*time.Millisecond {
		t.Fatalf("4th When(a) = %v, want 8ms", d)
	}
	l.Forget("a")
	if n := l.NumRequeues("a"); n != 0 {
		t.Fatalf("NumRequeues after Forget = %d", n)
	}
	if d := l.When("a"); d != time.Millisecond {
		t.Fatalf("When after Forget = %v, want 1ms", d)
	}
}

// TestItemExponentialOverflowEdge pins the edge case: with Base = 1ns the 64th
// failure computes exactly 2^63 ns, which is not greater than MaxInt64 as a
// float64, so it is converted to a Duration instead of returning Max.
func TestItemExponentialOverflowEdge(t *testing.T) {
	l := ratelimit.NewItemExponential[int](1, time.Hour)
	var d time.Duration
	for range 64 {
		d = l.When(0)
	}
	if runtime.GOARCH == "amd64" && d != math.MinInt64 {
		t.Fatalf("64th When = %v, want math.MinInt64 on amd64", d)
	}
	if next := l.When(0); next != time.Hour {
		t.Fatalf("65th When = %v, want Max (2^64 ns is above MaxInt64)", next)
	}

	// Base 0: 0 * 2^1024 is 0 * +Inf = NaN, which is not above MaxInt64
	// either; its conversion is implementation-defined as well.
	z := ratelimit.NewItemExponential[int](0, time.Hour)
	for i := range 1025 {
		d := z.When(0)
		if i < 1024 && d != 0 {
			t.Fatalf("base 0, call %d = %v, want 0", i+1, d)
		}
		if i == 1024 && runtime.GOARCH == "amd64" && d != math.MinInt64 {
			t.Fatalf("base 0, call 1025 = %v, want math.MinInt64 on amd64", d)
		}
	}
}

func TestItemFastSlow(t *testing.T) {
	l := ratelimit.NewItemFastSlow[string](time.Millisecond, time.Minute, 2)
	want := []time.Duration{time.Millisecond, time.Millisecond, time.Minute, time.Minute}
	for i, w := range want {
		if d := l.When("x"); d != w {
			t.Fatalf("call %d = %v, want %v", i+1, d, w)
		}
	}
	if l.NumRequeues("x") != 4 {
		t.Fatalf("NumRequeues = %d", l.NumRequeues("x"))
	}
	l.Forget("x")
	if d := l.When("x"); d != time.Millisecond {
		t.Fatalf("after Forget = %v", d)
	}
}

func TestBucketOnVirtualClock(t *testing.T) {
	clk := clock.New(time.Time{})
	b := ratelimit.NewBucket[string](clk, rate.Limit(10), 3)
	for i := range 3 {
		if d := b.When("a"); d != 0 {
			t.Fatalf("call %d within burst = %v, want 0", i+1, d)
		}
	}
	want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond}
	for i, w := range want {
		if d := b.When("other"); d != w {
			t.Fatalf("call %d after burst = %v, want %v", i+4, d, w)
		}
	}
	clk.Advance(time.Second) // tokens were borrowed up to 300ms; 7 refill, capped at 3
	for i := range 3 {
		if d := b.When("a"); d != 0 {
			t.Fatalf("after refill call %d = %v, want 0", i+1, d)
		}
	}
	if d := b.When("a"); d != 100*time.Millisecond {
		t.Fatalf("after refill burst = %v, want 100ms", d)
	}
	if b.NumRequeues("a") != 0 {
		t.Fatal("bucket NumRequeues must be 0")
	}
	if d := ratelimit.NewBucket[int](clk, 10, 0).When(1); d != rate.InfDuration {
		t.Fatalf("burst 0 = %v, want rate.InfDuration", d)
	}
}

func TestMaxOfCallsEveryLimiter(t *testing.T) {
	exp := ratelimit.NewItemExponential[string](time.Millisecond, time.Hour)
	fs := ratelimit.NewItemFastSlow[string](time.Second, time.Minute, 1)
	m := ratelimit.NewMaxOf[string](exp, fs)
	if d := m.When("a"); d != time.Second {
		t.Fatalf("first = %v, want 1s", d)
	}
	if d := m.When("a"); d != time.Minute {
		t.Fatalf("second = %v, want 1m", d)
	}
	if exp.NumRequeues("a") != 2 || fs.NumRequeues("a") != 2 {
		t.Fatal("MaxOf must call every limiter's When")
	}
	m.Forget("a")
	if m.NumRequeues("a") != 0 || exp.NumRequeues("a") != 0 || fs.NumRequeues("a") != 0 {
		t.Fatal("MaxOf.Forget must forget in every limiter")
	}
	if d := ratelimit.NewMaxOf[string]().When("a"); d != 0 {
		t.Fatalf("empty MaxOf = %v", d)
	}
}

func TestWithMaxWait(t *testing.T) {
	w := ratelimit.WithMaxWait[string]{Limiter: ratelimit.NewItemExponential[string](time.Second, time.Hour), MaxDelay: 3 * time.Second}
	want := []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second}
	for i, wd := range want {
		if d := w.When("a"); d != wd {
			t.Fatalf("call %d = %v, want %v", i+1, d, wd)
		}
	}
	if w.NumRequeues("a") != 4 {
		t.Fatal("NumRequeues not forwarded")
	}
}

func TestDefaultControllerWithinBurstIsExponential(t *testing.T) {
	clk := clock.New(time.Time{})
	l := ratelimit.DefaultController[string](clk)
	for i := range 10 {
		if d := l.When("a"); d != 5*time.Millisecond<<i {
			t.Fatalf("call %d = %v", i+1, d)
		}
	}
	// 90 tokens remain; a burst of other items drains them, then the bucket dominates.
	for range 90 {
		l.When("b")
		l.Forget("b")
	}
	if d := l.When("c"); d != 100*time.Millisecond {
		t.Fatalf("first call past the burst = %v, want 100ms from the bucket", d)
	}
}
