package ratelimit_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"golang.org/x/time/rate"
	"k8s.io/client-go/util/workqueue"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// This file compares the model limiters with the real ones of
// k8s.io/client-go/util/workqueue v0.36.0 on operation sequences.
//
// Compared exactly: every When result, every NumRequeues result, after any
// interleaving of When/Forget/NumRequeues over a few items. The token bucket
// of the real limiter reads the wall clock (rate.Limiter.Reserve uses
// time.Now), so sequences that include the default controller limiter stay
// below its burst of 100 tokens, where the bucket deterministically returns 0;
// the bucket beyond its burst is compared with a wall-clock tolerance in
// TestBucketAgainstReal.

type pair struct {
	name  string
	model ratelimit.Limiter[string]
	real  workqueue.TypedRateLimiter[string]
	// maxWhen bounds the number of When calls a sequence may make (0: none).
	maxWhen int
}

func limiterPairs() []pair {
	clk := clock.New(time.Time{})
	return []pair{
		{name: "exponential 5ms..1000s",
			model: ratelimit.NewItemExponential[string](5*time.Millisecond, 1000*time.Second),
			real:  workqueue.NewTypedItemExponentialFailureRateLimiter[string](5*time.Millisecond, 1000*time.Second)},
		{name: "exponential 1ns..1h (overflow edge)",
			model: ratelimit.NewItemExponential[string](1, time.Hour),
			real:  workqueue.NewTypedItemExponentialFailureRateLimiter[string](1, time.Hour)},
		{name: "exponential 0..1s",
			model: ratelimit.NewItemExponential[string](0, time.Second),
			real:  workqueue.NewTypedItemExponentialFailureRateLimiter[string](0, time.Second)},
		{name: "fast/slow 1ms,1m,3",
			model: ratelimit.NewItemFastSlow[string](time.Millisecond, time.Minute, 3),
			real:  workqueue.NewTypedItemFastSlowRateLimiter[string](time.Millisecond, time.Minute, 3)},
		{name: "max-of exponential, fast/slow",
			model: ratelimit.NewMaxOf[string](
				ratelimit.NewItemExponential[string](time.Millisecond, time.Hour),
				ratelimit.NewItemFastSlow[string](50*time.Millisecond, 10*time.Second, 4)),
			real: workqueue.NewTypedMaxOfRateLimiter[string](
				workqueue.NewTypedItemExponentialFailureRateLimiter[string](time.Millisecond, time.Hour),
				workqueue.NewTypedItemFastSlowRateLimiter[string](50*time.Millisecond, 10*time.Second, 4))},
		{name: "max-wait 2s over exponential",
			model: ratelimit.WithMaxWait[string]{Limiter: ratelimit.NewItemExponential[string](time.Millisecond, time.Hour), MaxDelay: 2 * time.Second},
			real:  workqueue.NewTypedWithMaxWaitRateLimiter[string](workqueue.NewTypedItemExponentialFailureRateLimiter[string](time.Millisecond, time.Hour), 2*time.Second)},
		{name: "default controller limiter (within burst)",
			model:   ratelimit.DefaultController[string](clk),
			real:    workqueue.DefaultTypedControllerRateLimiter[string](),
			maxWhen: ratelimit.DefaultBucketSize},
	}
}

// op is one limiter operation: kind 0 When, 1 Forget, 2 NumRequeues.
type op struct {
	kind int
	item string
}

func (o op) String() string {
	return fmt.Sprintf("%s(%s)", [...]string{"When", "Forget", "NumRequeues"}[o.kind], o.item)
}

// decodeOps turns bytes into operations: two bits of kind (When twice as
// likely, so that backoffs grow), the rest picks one of four items.
func decodeOps(data []byte) []op {
	ops := make([]op, 0, len(data))
	for _, b := range data {
		kind := [...]int{0, 0, 1, 2}[b&3]
		ops = append(ops, op{kind: kind, item: string(rune('a' + (b>>2)%4))})
	}
	return ops
}

// compare runs ops on both limiters and returns the first divergence.
func compare(p pair, ops []op) error {
	whens := 0
	for i, o := range ops {
		switch o.kind {
		case 0:
			if p.maxWhen > 0 && whens >= p.maxWhen {
				continue
			}
			whens++
			m, r := p.model.When(o.item), p.real.When(o.item)
			if m != r {
				return fmt.Errorf("op %d %v: model %v (%d ns), real %v (%d ns)", i, o, m, int64(m), r, int64(r))
			}
		case 1:
			p.model.Forget(o.item)
			p.real.Forget(o.item)
		case 2:
			if m, r := p.model.NumRequeues(o.item), p.real.NumRequeues(o.item); m != r {
				return fmt.Errorf("op %d %v: model %d, real %d", i, o, m, r)
			}
		}
		for _, it := range []string{"a", "b", "c", "d"} {
			if m, r := p.model.NumRequeues(it), p.real.NumRequeues(it); m != r {
				return fmt.Errorf("after op %d %v: NumRequeues(%s) model %d, real %d", i, o, it, m, r)
			}
		}
	}
	return nil
}

func TestLimitersAgainstReal(t *testing.T) {
	const seeds, length = 20, 400
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 0x5eed))
		data := make([]byte, length)
		for i := range data {
			data[i] = byte(rng.UintN(256))
		}
		// Half of the sequences hammer one item so that the overflow edge
		// (64 failures without a Forget) is reached in most of them.
		if seed%2 == 1 {
			for i := range data {
				if data[i]&3 == 1 && rng.UintN(64) != 0 {
					data[i] &^= 3
				}
				data[i] &^= 0xfc
			}
		}
		for _, p := range limiterPairs() {
			if err := compare(p, decodeOps(data)); err != nil {
				t.Errorf("seed %d, %s: %v", seed, p.name, err)
			}
		}
	}
}

func TestOverflowEdgeAgainstReal(t *testing.T) {
	for _, base := range []time.Duration{0, 1, 2, 4, 1 << 10} {
		m := ratelimit.NewItemExponential[int](base, time.Hour)
		r := workqueue.NewTypedItemExponentialFailureRateLimiter[int](base, time.Hour)
		for i := range 1100 {
			if md, rd := m.When(1), r.When(1); md != rd {
				t.Fatalf("base %v, call %d: model %d ns, real %d ns", base, i+1, md, rd)
			}
		}
	}
}

// TestBucketAgainstReal compares the token bucket. The real one reserves at
// time.Now, so beyond the burst its delays are the model's minus the wall time
// elapsed since the first call; they are compared with that tolerance.
func TestBucketAgainstReal(t *testing.T) {
	const qps, burst = 10, 20
	clk := clock.New(time.Time{})
	m := ratelimit.NewBucket[string](clk, qps, burst)
	r := &workqueue.TypedBucketRateLimiter[string]{Limiter: rate.NewLimiter(qps, burst)}
	start := time.Now()
	for i := range burst + 30 {
		md, rd := m.When("x"), r.When("x")
		elapsed := time.Since(start)
		if i < burst {
			if md != 0 || rd != 0 {
				t.Fatalf("call %d within burst: model %v, real %v", i+1, md, rd)
			}
			continue
		}
		if rd > md || rd < md-elapsed-time.Millisecond {
			t.Fatalf("call %d: real %v not within [%v, %v]", i+1, rd, md-elapsed, md)
		}
	}
	if m.NumRequeues("x") != r.NumRequeues("x") {
		t.Fatal("NumRequeues differs")
	}
}

// FuzzLimitersAgainstReal runs the differential comparison on arbitrary
// operation sequences: go test -fuzz FuzzLimitersAgainstReal ./runtime/ratelimit
func FuzzLimitersAgainstReal(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 0, 2})
	f.Add([]byte{0, 4, 8, 12, 0, 0, 5, 0, 2, 6})
	f.Add(make([]byte, 70)) // 70 failures of one item: past the 2^63 edge
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 2000 {
			data = data[:2000]
		}
		ops := decodeOps(data)
		for _, p := range limiterPairs() {
			if err := compare(p, ops); err != nil {
				t.Fatalf("%s: %v", p.name, err)
			}
		}
	})
}
