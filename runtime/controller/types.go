// Package controller models the work loop of a controller-runtime v0.24.1
// controller (pkg/internal/controller/controller.go) in virtual time: N
// workers that take requests from a queue, call a reconciler, and requeue
// according to its Result and error, with RecoverPanic,
// ReconciliationTimeout, shutdown and the work-queue metrics.
//
// A Scenario scripts the event sources (requests added at given virtual
// times, with changes to a world the reconciler reads) and the reconciler.
// Reconcilers spend virtual time through their *Ctx (Work, Sleep, Wait), and
// may start goroutines (Go) that outlive the reconcile. Run executes the
// scenario deterministically and returns a trace and statistics: the same
// scenario always yields the same report.
//
// Each reconcile and each goroutine runs on its own goroutine, but only one
// runs at a time: control passes between them and the scheduler over
// channels, in the order of the virtual clock's timers.
package controller

import (
	"errors"
	"fmt"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/ratelimit"
)

// Request identifies the object to reconcile, like reconcile.Request.
type Request struct {
	Namespace, Name string
}

// String returns namespace/name.
func (r Request) String() string {
	if r.Namespace == "" {
		return r.Name
	}
	return r.Namespace + "/" + r.Name
}

// Result mirrors reconcile.Result of controller-runtime v0.24.1 (a test
// checks the fields against the real type).
type Result struct {
	// Requeue asks for a rate-limited requeue. Deprecated in
	// controller-runtime; the model handles it as the runtime does.
	Requeue bool
	// RequeueAfter > 0 asks for a requeue after that duration.
	RequeueAfter time.Duration
	// Priority, when set, replaces the priority of the request for the
	// requeue, on the error path too.
	Priority *int
}

// String renders the result the way a reader of controller code writes it.
func (r Result) String() string {
	s := "Result{"
	sep := ""
	if r.Requeue {
		s += "Requeue: true"
		sep = ", "
	}
	if r.RequeueAfter != 0 {
		s += sep + "RequeueAfter: " + FormatDuration(r.RequeueAfter)
		sep = ", "
	}
	if r.Priority != nil {
		s += sep + fmt.Sprintf("Priority: %d", *r.Priority)
	}
	return s + "}"
}

// LowPriority is the priority controller-runtime's handlers give to events of
// the initial list and to updates that do not change the resource version.
const LowPriority = -100

// TerminalError wraps err so that the controller does not retry it, like
// reconcile.TerminalError: errors.Is(err, TerminalError(nil)) is true for any
// error that has a terminal error in its chain.
func TerminalError(err error) error { return &terminalError{err: err} }

type terminalError struct{ err error }

func (te *terminalError) Unwrap() error { return te.err }

func (te *terminalError) Error() string {
	if te.err == nil {
		return "nil terminal error"
	}
	return "terminal error: " + te.err.Error()
}

func (te *terminalError) Is(target error) bool {
	tp := &terminalError{}
	return errors.As(target, &tp)
}

// IsTerminal reports whether err has a terminal error in its chain.
func IsTerminal(err error) bool { return errors.Is(err, TerminalError(nil)) }

// Reconciler is the function under test. It must spend virtual time only
// through ctx.
type Reconciler func(ctx *Ctx, req Request) (Result, error)

// Options are the controller options the model honours, with the defaults of
// controller-runtime's controller.NewTypedUnmanaged.
type Options struct {
	// MaxConcurrentReconciles <= 0 means 1.
	MaxConcurrentReconciles int
	// RecoverPanic nil means true: a panic becomes the error
	// "panic: <value> [recovered]". false: the panic crashes the process
	// and the run stops.
	RecoverPanic *bool
	// ReconciliationTimeout > 0 gives each reconcile a ctx with that
	// timeout. It only cancels the ctx.
	ReconciliationTimeout time.Duration
	// UsePriorityQueue nil means true (the default priority queue);
	// false selects client-go's rate-limiting queue.
	UsePriorityQueue *bool
	// RateLimiter nil means the default of the selected queue:
	// ItemExponential(5ms, 1000s) for the priority queue,
	// DefaultController (max of that and a 10/s, burst 100 bucket) for
	// client-go's queue.
	RateLimiter ratelimit.Limiter[Request]
}

// AddOpts are the options of Queue.AddWithOpts, as in controller-runtime's
// priorityqueue.AddOpts.
type AddOpts struct {
	After       time.Duration
	RateLimited bool
	Priority    *int
}

// Queue is what the work loop needs from a queue. GetWithPriority does not
// block: ok is false when the real call would block.
type Queue interface {
	AddWithOpts(opts AddOpts, items ...Request)
	GetWithPriority() (item Request, priority int, shutdown, ok bool)
	Done(item Request)
	Forget(item Request)
	NumRequeues(item Request) int
	Len() int
	ShutDown()
	// NextReadyAt is the earliest time a waiting item becomes ready.
	NextReadyAt() (time.Time, bool)
	// Metrics returns the queue's metrics so far.
	Metrics() QueueMetrics
	// Kind names the queue in traces.
	Kind() string
}

// QueueMetrics are the work-queue metrics of the controller's queue.
type QueueMetrics struct {
	Adds           int
	Retries        int
	QueueDurations []time.Duration
	WorkDurations  []time.Duration
}

// FormatDuration renders d compactly and exactly: 5ms, 1.5s, 2m30s.
func FormatDuration(d time.Duration) string {
	if d == 0 {
		return "0s"
	}
	return d.String()
}
