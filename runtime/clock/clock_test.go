package clock_test

import (
	"sync"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
)

func TestNewUsesEpoch(t *testing.T) {
	c := clock.New(time.Time{})
	if !c.Now().Equal(clock.Epoch) {
		t.Fatalf("Now = %v, want %v", c.Now(), clock.Epoch)
	}
	start := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if got := clock.New(start).Now(); !got.Equal(start) {
		t.Fatalf("Now = %v, want %v", got, start)
	}
}

func TestAdvanceFiresInDeadlineOrder(t *testing.T) {
	c := clock.New(time.Time{})
	var log []string
	at := func(name string) func() {
		return func() { log = append(log, name+"@"+c.Since(clock.Epoch).String()) }
	}
	c.AfterFunc(3*time.Second, at("c"))
	c.AfterFunc(1*time.Second, at("a"))
	c.AfterFunc(3*time.Second, at("d")) // same deadline: registration order
	c.AfterFunc(2*time.Second, at("b"))
	c.AfterFunc(10*time.Second, at("late"))

	if d, ok := c.NextDeadline(); !ok || d.Sub(clock.Epoch) != time.Second {
		t.Fatalf("NextDeadline = %v, %v", d, ok)
	}
	if n := c.Advance(5 * time.Second); n != 4 {
		t.Fatalf("fired %d, want 4", n)
	}
	want := []string{"a@1s", "b@2s", "c@3s", "d@3s"}
	if len(log) != len(want) {
		t.Fatalf("log = %v, want %v", log, want)
	}
	for i := range want {
		if log[i] != want[i] {
			t.Fatalf("log = %v, want %v", log, want)
		}
	}
	if got := c.Since(clock.Epoch); got != 5*time.Second {
		t.Fatalf("elapsed = %v, want 5s", got)
	}
	if c.Pending() != 1 {
		t.Fatalf("Pending = %d, want 1", c.Pending())
	}
}

func TestCallbacksSchedulingWithinWindowFire(t *testing.T) {
	c := clock.New(time.Time{})
	count := 0
	var tick func()
	tick = func() {
		count++
		c.AfterFunc(time.Second, tick)
	}
	c.AfterFunc(time.Second, tick)
	c.Advance(10 * time.Second)
	if count != 10 {
		t.Fatalf("count = %d, want 10", count)
	}
}

func TestAdvanceToNextAndStop(t *testing.T) {
	c := clock.New(time.Time{})
	fired := map[string]bool{}
	a := c.AfterFunc(time.Minute, func() { fired["a"] = true })
	c.AfterFunc(2*time.Minute, func() { fired["b"] = true })
	c.AfterFunc(2*time.Minute, func() { fired["b2"] = true })
	if !a.Stop() {
		t.Fatal("Stop of a pending timer returned false")
	}
	if a.Stop() {
		t.Fatal("second Stop returned true")
	}
	now, ok := c.AdvanceToNext()
	if !ok || now.Sub(clock.Epoch) != 2*time.Minute {
		t.Fatalf("AdvanceToNext = %v, %v", now, ok)
	}
	if fired["a"] || !fired["b"] || !fired["b2"] {
		t.Fatalf("fired = %v", fired)
	}
	if _, ok := c.AdvanceToNext(); ok {
		t.Fatal("AdvanceToNext with no timers reported true")
	}
	if _, ok := c.NextDeadline(); ok {
		t.Fatal("NextDeadline with no timers reported true")
	}
}

func TestZeroAndNegativeDelays(t *testing.T) {
	c := clock.New(time.Time{})
	n := 0
	c.AfterFunc(0, func() { n++ })
	c.AfterFunc(-time.Second, func() { n++ })
	if n != 0 {
		t.Fatal("AfterFunc fired synchronously")
	}
	c.Advance(0)
	if n != 2 {
		t.Fatalf("n = %d after Advance(0), want 2", n)
	}
	if !c.Now().Equal(clock.Epoch) {
		t.Fatal("Advance(0) moved the clock")
	}
	c.Advance(-time.Hour)
	if !c.Now().Equal(clock.Epoch) {
		t.Fatal("negative Advance moved the clock backwards")
	}
	c.AdvanceTo(clock.Epoch.Add(-time.Hour))
	if !c.Now().Equal(clock.Epoch) {
		t.Fatal("AdvanceTo moved the clock backwards")
	}
}

func TestAfterChannel(t *testing.T) {
	c := clock.New(time.Time{})
	ch := c.After(time.Second)
	select {
	case <-ch:
		t.Fatal("After fired before Advance")
	default:
	}
	c.Advance(time.Second)
	got := <-ch
	if got.Sub(clock.Epoch) != time.Second {
		t.Fatalf("After delivered %v", got)
	}
}

func TestConcurrentUse(t *testing.T) {
	c := clock.New(time.Time{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	fired := 0
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				c.AfterFunc(time.Duration(i*50+j)*time.Millisecond, func() {
					mu.Lock()
					fired++
					mu.Unlock()
				})
				_ = c.Now()
			}
		})
	}
	wg.Wait()
	c.Advance(time.Hour)
	if fired != 400 {
		t.Fatalf("fired = %d, want 400", fired)
	}
}

func TestRealClock(t *testing.T) {
	var c clock.Clock = clock.Real{}
	start := c.Now()
	done := make(chan struct{})
	c.AfterFunc(time.Millisecond, func() { close(done) })
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("real AfterFunc did not fire")
	}
	if c.Since(start) <= 0 {
		t.Fatal("real clock did not move")
	}
	tm := c.AfterFunc(time.Hour, func() {})
	if !tm.Stop() {
		t.Fatal("Stop on a pending real timer returned false")
	}
}
