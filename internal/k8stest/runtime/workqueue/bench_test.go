package workqueue_test

import (
	"strconv"
	"testing"
	"time"

	kworkqueue "k8s.io/client-go/util/workqueue"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/workqueue"
	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// Benchmarks of the model against the real queue, single-threaded:
//
//	go test -run '^$' -bench . ./runtime/queue/workqueue
//
// Each op adds 100 keys, takes them all and marks them done. The model is
// for fixtures, not production; these show it is not the slow part.

var keys = func() []string {
	out := make([]string, 100)
	for i := range out {
		out[i] = "default/app-" + strconv.Itoa(i)
	}
	return out
}()

func BenchmarkAddGetDone(b *testing.B) {
	b.Run("model", func(b *testing.B) {
		q := workqueue.New[string](clock.New(time.Time{}), ratelimit.DefaultPriorityQueue[string]())
		for b.Loop() {
			for _, k := range keys {
				q.Add(k)
			}
			for range keys {
				k, _, _ := q.TryGet()
				q.Done(k)
			}
		}
	})
	b.Run("client-go", func(b *testing.B) {
		q := kworkqueue.NewTypedRateLimitingQueue[string](kworkqueue.DefaultTypedItemBasedRateLimiter[string]())
		defer q.ShutDown()
		for b.Loop() {
			for _, k := range keys {
				q.Add(k)
			}
			for range keys {
				k, _ := q.Get()
				q.Done(k)
			}
		}
	})
}

// BenchmarkRateLimitedRoundTrip measures AddRateLimited of 100 keys until
// all are handed out. The model advances its virtual clock; the real queue
// waits for real time, so its limiter's delay is 1ns.
func BenchmarkRateLimitedRoundTrip(b *testing.B) {
	b.Run("model", func(b *testing.B) {
		clk := clock.New(time.Time{})
		q := workqueue.New[string](clk, ratelimit.NewItemExponential[string](time.Nanosecond, time.Nanosecond))
		for b.Loop() {
			for _, k := range keys {
				q.AddRateLimited(k)
			}
			clk.Advance(time.Nanosecond)
			for range keys {
				k, _, _ := q.TryGet()
				q.Forget(k)
				q.Done(k)
			}
		}
	})
	b.Run("client-go", func(b *testing.B) {
		q := kworkqueue.NewTypedRateLimitingQueue[string](kworkqueue.NewTypedItemExponentialFailureRateLimiter[string](time.Nanosecond, time.Nanosecond))
		defer q.ShutDown()
		for b.Loop() {
			for _, k := range keys {
				q.AddRateLimited(k)
			}
			for range keys {
				k, _ := q.Get()
				q.Forget(k)
				q.Done(k)
			}
		}
	})
}
