package priority_test

import (
	"k8s.io/client-go/util/workqueue"

	"github.com/reconcilelint/reconcilelint/runtime/clock"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority"
	"github.com/reconcilelint/reconcilelint/runtime/queue/priority/prioritytest"
)

// The virtual clock of runtime/clock and the manual clock of the tests
// satisfy the queue's Clock.
var (
	_ priority.Clock = (*clock.Virtual)(nil)
	_ priority.Clock = (*prioritytest.Clock)(nil)
)

// The model has the method set of the real queue's interface (its Get
// panics where the real one would block), and the test limiter that of the
// real rate limiter.
var (
	_ workqueue.TypedRateLimitingInterface[string] = (*priority.Queue[string])(nil)
	_ workqueue.TypedRateLimiter[string]           = (*prioritytest.Limiter[string])(nil)
)
