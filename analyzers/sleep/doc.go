// Package sleep defines an Analyzer that reports waiting on the reconcile worker.
//
// # Analyzer sleep
//
// sleep: report sleeps and polls that hold a reconcile worker
//
// A controller runs MaxConcurrentReconciles workers (one by default). While Reconcile
// sleeps, polls or waits for a timer, its worker takes no other key: every other object
// of the controller waits in the queue behind it. In the queue metrics the wait shows
// only as a long-running processor (workqueue_longest_running_processor_seconds and
// workqueue_unfinished_work_seconds grow) while the queue depth and the queue latency
// of the keys behind it climb; the held key itself is "processing", not "queued". Return a Result with
// RequeueAfter instead: the worker is freed at once and the key comes back after the
// interval, deduplicated with any event that arrives meanwhile.
//
// The analyzer reports, in functions reached from a reconcile entry point on the worker
// goroutine:
//   - time.Sleep;
//   - receives from time.After, time.Tick, and the C channel of a *time.Timer or
//     *time.Ticker, also as a select case or a range;
//   - the polling and looping functions of k8s.io/apimachinery/pkg/util/wait (Poll*,
//     PollUntilContextTimeout, PollUntilContextCancel, Until*, JitterUntil*, Forever,
//     ExponentialBackoff*, BackoffUntil*) and (*rate.Limiter).Wait;
//   - calls of functions, in this package or another package of the module, that do
//     any of the above on the same goroutine, reported at the call with the chain;
//   - calls of functions whose doc comment carries //reconcilelint:blocking.
//
// retry.RetryOnConflict and retry.OnError with retry.DefaultRetry (at most 44ms of
// sleeps in all) or retry.DefaultBackoff (341ms) are not reported: they retry a few
// times with millisecond steps, and are the documented way to resolve write conflicts.
// For the same reason wait.ExponentialBackoff and ExponentialBackoffWithContext are not
// reported when their Backoff is a constant literal (directly, through a variable
// assigned once, or retry.DefaultRetry/DefaultBackoff) whose worst-case total wait is
// at most one second: such a loop only waits between failed attempts, like
// cluster-api's patch helper (five steps of 100ms with jitter 1.0, at most 800ms). A
// larger or non-constant Backoff is reported. The same threshold applies to the
// Backoff given to retry.RetryOnConflict and retry.OnError, which sleep between
// attempts on the worker exactly like wait.ExponentialBackoff: with a constant Backoff
// whose worst case exceeds one second (Steps 10, Duration 1s, Factor 2: 1+2+...+256 =
// 511s of sleeps) they are waits and are reported; with a Backoff that is not constant
// (a field, a parameter) they are not judged. Work started on another goroutine is not reported here (see the goroutine
// rule), nor is a wait inside a loop that retries a failing call (a sleep between the
// attempts): the retryloop rule reports that loop, and returning the error removes
// both, so the defect is one finding.
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		if !ready(obj) {
//			time.Sleep(10 * time.Second) // the worker is blocked for 10s
//			return ctrl.Result{}, r.retry(ctx, req)
//		}
//		...
//	}
//
// Good:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		if !ready(obj) {
//			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
//		}
//		...
//	}
//
// The rule also reports from webhook entry points (see Entry points in docs/analyzers.md):
// the API server waits for an admission webhook on every create, update or delete of the
// kinds it covers (10s by default, at most 30s), and with failurePolicy Fail rejects the
// write when the webhook does not answer in time.
//
// Bad, in a webhook:
//
//	func (v *WidgetValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *v1.Widget) (admission.Warnings, error) {
//		for !v.endpointReady() {
//			time.Sleep(time.Second) // every update of a Widget waits here
//		}
//		return nil, nil
//	}
//
// Good, in a webhook:
//
//	func (v *WidgetValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *v1.Widget) (admission.Warnings, error) {
//		if !v.endpointReady() {
//			return nil, errors.New("endpoint not ready: retry later")
//		}
//		return nil, nil
//	}
package sleep
