package priority_test

import (
	"fmt"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"

	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority/prioritytest"
)

// Add/Get throughput: each op is one Add (priority 0, 1 or 2), one Get and
// one Done, in batches of benchBatch distinct keys (all added, then all
// handed out). The real queue runs on the wall clock with its goroutines;
// the model on a fake clock.

const benchBatch = 1000

var benchKeys = func() []string {
	k := make([]string, benchBatch)
	for i := range k {
		k[i] = fmt.Sprint("key", i)
	}
	return k
}()

var benchPrio = []*int{prioritytest.Prio(0), prioritytest.Prio(1), prioritytest.Prio(2)}

func BenchmarkModelAddGet(b *testing.B) {
	q := priority.New[string](prioritytest.NewClock(), prioritytest.ConstLimiter[string](0))
	b.ReportAllocs()
	for i := 0; i < b.N; i += benchBatch {
		n := min(benchBatch, b.N-i)
		for j := range n {
			q.AddWithOpts(priority.AddOpts{Priority: benchPrio[j%3]}, benchKeys[j])
		}
		for range n {
			k, _ := q.Get()
			q.Done(k)
		}
	}
}

func BenchmarkRealAddGet(b *testing.B) {
	q := priorityqueue.New("", func(o *priorityqueue.Opts[string]) { o.RateLimiter = prioritytest.ConstLimiter[string](0) })
	defer q.ShutDown()
	b.ReportAllocs()
	for i := 0; i < b.N; i += benchBatch {
		n := min(benchBatch, b.N-i)
		for j := range n {
			q.AddWithOpts(priorityqueue.AddOpts{Priority: benchPrio[j%3]}, benchKeys[j])
		}
		for range n {
			k, _ := q.Get()
			q.Done(k)
		}
	}
}
