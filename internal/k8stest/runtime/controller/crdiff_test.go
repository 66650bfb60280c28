// This file compares the work loop model with the real controller of
// controller-runtime v0.24.1 (controller.NewTypedUnmanaged, which runs
// pkg/internal/controller): both get a recording priority queue, run the
// same scripted reconciler, and must make the same queue calls in the same
// order (AddWithOpts with the same After, RateLimited and Priority, Forget,
// Done, and Get seeing the same NumRequeues and priority).
//
// It lives in this nested module because it links controller-runtime's
// pkg/controller, whose dependencies the main module must not require:
//
//	cd internal/k8stest && go test -run CRDiff ./runtime/controller
//
// Each script ends with a plain success; whenever nothing is queued after a
// reconcile and the script is not over, both recorders add the request again
// as a new event ("event" in the call lists).
//
// Not compared: timing (the real controller runs on the wall clock, so the
// recording queue ignores delays and hands requeued items out at once; the
// delays are compared as the After values passed) and logging.
package controller_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"k8s.io/client-go/util/workqueue"
	crcontroller "sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

type crStep struct {
	requeue bool
	after   time.Duration
	prio    *int
	err     string // "", "plain", "terminal", "wrapped"
	panic   bool
}

func (s crStep) String() string {
	p := "nil"
	if s.prio != nil {
		p = fmt.Sprint(*s.prio)
	}
	return fmt.Sprintf("{requeue %v after %v prio %s err %q panic %v}", s.requeue, s.after, p, s.err, s.panic)
}

func randomSteps(seed uint64, n int) []crStep {
	rng := rand.New(rand.NewPCG(seed, 42))
	afters := []time.Duration{0, 0, 30 * time.Second, -time.Second}
	errs := []string{"", "", "plain", "terminal", "wrapped"}
	steps := make([]crStep, n)
	for i := range steps {
		s := crStep{requeue: rng.IntN(3) == 0, after: afters[rng.IntN(len(afters))], err: errs[rng.IntN(len(errs))]}
		if rng.IntN(3) == 0 {
			p := rng.IntN(21) - 10
			s.prio = &p
		}
		s.panic = rng.IntN(10) == 0
		steps[i] = s
	}
	steps[n-1] = crStep{} // end with a plain success: nothing is requeued after the script
	return steps
}

func stepError(kind string, term func(error) error) error {
	base := errors.New("boom")
	switch kind {
	case "plain":
		return base
	case "terminal":
		return term(base)
	case "wrapped":
		return fmt.Errorf("sync: %w", term(base))
	}
	return nil
}

func prioText(p *int) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// recorder is a priorityqueue.PriorityQueue that records the controller's
// calls and hands items out at once, whatever their delay.
type recorder struct {
	mu       sync.Mutex
	cond     *sync.Cond
	items    []reconcile.Request
	prio     map[reconcile.Request]int
	lim      workqueue.TypedRateLimiter[reconcile.Request]
	calls    []string
	shutdown bool
	more     func() bool // whether to re-add the item as a new event when idle
	finished chan struct{}
}

var _ priorityqueue.PriorityQueue[reconcile.Request] = (*recorder)(nil)

func newRecorder(more func() bool) *recorder {
	r := &recorder{prio: map[reconcile.Request]int{}, more: more, finished: make(chan struct{}),
		lim: workqueue.NewTypedItemExponentialFailureRateLimiter[reconcile.Request](5*time.Millisecond, 1000*time.Second)}
	r.cond = sync.NewCond(&r.mu)
	return r
}

func (r *recorder) push(it reconcile.Request, prio int) {
	r.prio[it] = prio
	if !slices.Contains(r.items, it) {
		r.items = append(r.items, it)
	}
	r.cond.Broadcast()
}

func (r *recorder) AddWithOpts(o priorityqueue.AddOpts, items ...reconcile.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, it := range items {
		r.calls = append(r.calls, fmt.Sprintf("AddWithOpts{After: %v, RateLimited: %v, Priority: %s}", o.After, o.RateLimited, prioText(o.Priority)))
		if o.RateLimited {
			r.lim.When(it)
		}
		p := 0
		if o.Priority != nil {
			p = *o.Priority
		}
		r.push(it, p)
	}
}

func (r *recorder) GetWithPriority() (reconcile.Request, int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.items) == 0 && !r.shutdown {
		r.cond.Wait()
	}
	if r.shutdown {
		return reconcile.Request{}, 0, true
	}
	it := r.items[0]
	r.items = r.items[1:]
	r.calls = append(r.calls, fmt.Sprintf("Get(NumRequeues %d, priority %d)", r.lim.NumRequeues(it), r.prio[it]))
	return it, r.prio[it], false
}

func (r *recorder) Done(it reconcile.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, "Done")
	if len(r.items) == 0 {
		if r.more() {
			r.calls = append(r.calls, "event")
			r.push(it, 0)
		} else {
			close(r.finished)
		}
	}
}

func (r *recorder) Forget(it reconcile.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, "Forget")
	r.lim.Forget(it)
}

func (r *recorder) NumRequeues(it reconcile.Request) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lim.NumRequeues(it)
}

func (r *recorder) Get() (reconcile.Request, bool) {
	it, _, s := r.GetWithPriority()
	return it, s
}
func (r *recorder) Add(it reconcile.Request) { r.AddWithOpts(priorityqueue.AddOpts{}, it) }
func (r *recorder) AddAfter(it reconcile.Request, d time.Duration) {
	r.AddWithOpts(priorityqueue.AddOpts{After: d}, it)
}
func (r *recorder) AddRateLimited(it reconcile.Request) {
	r.AddWithOpts(priorityqueue.AddOpts{RateLimited: true}, it)
}
func (r *recorder) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.items)
}
func (r *recorder) ShutDown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.shutdown = true
	r.cond.Broadcast()
}
func (r *recorder) ShutDownWithDrain() { r.ShutDown() }
func (r *recorder) ShuttingDown() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.shutdown
}

// runReal runs steps on the real controller and returns the recorded calls.
func runReal(t *testing.T, steps []crStep) []string {
	var mu sync.Mutex
	calls := 0
	rec := newRecorder(func() bool { mu.Lock(); defer mu.Unlock(); return calls < len(steps) })
	skip := true
	c, err := crcontroller.NewTypedUnmanaged[reconcile.Request]("crdiff", crcontroller.TypedOptions[reconcile.Request]{
		SkipNameValidation: &skip,
		NewQueue: func(string, workqueue.TypedRateLimiter[reconcile.Request]) workqueue.TypedRateLimitingInterface[reconcile.Request] {
			return rec
		},
		Reconciler: reconcile.TypedFunc[reconcile.Request](func(ctx context.Context, _ reconcile.Request) (reconcile.Result, error) {
			mu.Lock()
			i := calls
			calls++
			mu.Unlock()
			s := steps[i]
			if s.panic {
				panic("boom")
			}
			//lint:ignore SA1019 the differential test drives the real work loop with the deprecated Requeue too
			return reconcile.Result{Requeue: s.requeue, RequeueAfter: s.after, Priority: s.prio}, stepError(s.err, reconcile.TerminalError)
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	req := reconcile.Request{}
	req.Namespace, req.Name = "default", "app"
	if err := c.Watch(source.TypedFunc[reconcile.Request](func(context.Context, workqueue.TypedRateLimitingInterface[reconcile.Request]) error {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.push(req, 0)
		return nil
	})); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error)
	go func() { stopped <- c.Start(ctx) }()
	select {
	case <-rec.finished:
	case <-time.After(10 * time.Second):
		rec.mu.Lock()
		defer rec.mu.Unlock()
		t.Fatalf("the real controller did not get through the script %v; calls so far: %q", steps, rec.calls)
	}
	cancel()
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.calls)
}

// modelRecorder wraps the model's queue and records the same calls.
type modelRecorder struct {
	controller.Queue
	calls []string
	more  func() bool
}

func (m *modelRecorder) AddWithOpts(o controller.AddOpts, items ...controller.Request) {
	// The event source's first add is not recorded on the real side either.
	for range items {
		if len(m.calls) == 0 {
			break
		}
		m.calls = append(m.calls, fmt.Sprintf("AddWithOpts{After: %v, RateLimited: %v, Priority: %s}", o.After, o.RateLimited, prioText(o.Priority)))
	}
	m.Queue.AddWithOpts(o, items...)
}

func (m *modelRecorder) GetWithPriority() (controller.Request, int, bool, bool) {
	it, p, s, ok := m.Queue.GetWithPriority()
	if ok && !s {
		m.calls = append(m.calls, fmt.Sprintf("Get(NumRequeues %d, priority %d)", m.Queue.NumRequeues(it), p))
	}
	return it, p, s, ok
}

func (m *modelRecorder) Done(it controller.Request) {
	m.Queue.Done(it)
	m.calls = append(m.calls, "Done")
	_, waiting := m.Queue.NextReadyAt()
	if m.Queue.Len() == 0 && !waiting && m.more() {
		m.calls = append(m.calls, "event")
		m.Queue.AddWithOpts(controller.AddOpts{}, it)
	}
}

func (m *modelRecorder) Forget(it controller.Request) {
	m.calls = append(m.calls, "Forget")
	m.Queue.Forget(it)
}

func runModel(steps []crStep) []string {
	calls := 0
	var rec *modelRecorder
	controller.Run(controller.Scenario{
		Horizon: 24 * time.Hour,
		WrapQueue: func(q controller.Queue) controller.Queue {
			rec = &modelRecorder{Queue: q, more: func() bool { return calls < len(steps) }}
			return rec
		},
		Reconciler: func(c *controller.Ctx, _ controller.Request) (controller.Result, error) {
			s := steps[calls]
			calls++
			if s.panic {
				panic("boom")
			}
			return controller.Result{Requeue: s.requeue, RequeueAfter: s.after, Priority: s.prio}, stepError(s.err, controller.TerminalError)
		},
		Events: []controller.Event{{Enqueue: []controller.Request{{Namespace: "default", Name: "app"}}}},
	})
	return rec.calls
}

func TestCRDiffWorkLoop(t *testing.T) {
	for seed := range uint64(30) {
		steps := randomSteps(seed, 12)
		real, model := runReal(t, steps), runModel(steps)
		if !slices.Equal(real, model) {
			t.Errorf("seed %d, steps %v:\nreal  %q\nmodel %q", seed, steps, real, model)
		}
	}
}
