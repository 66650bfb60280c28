// Package retryloop defines an Analyzer that reports loops in reconcile paths that retry
// a failing call.
//
// # Analyzer retryloop
//
// retryloop: report loops that retry a failing call inside reconcile
//
// A loop that calls a failing API again and again inside Reconcile keeps the worker busy
// for as long as the failure lasts, sends a request per iteration with no backoff, and
// makes every other object of the controller wait behind it. Returning the error hands
// the retry to the queue instead: it backs off per object (5ms doubling up to 1000s by
// default), deduplicates with new events, and keeps the worker free for other keys.
//
// The analyzer reports, in functions reached from a reconcile entry point on the worker
// goroutine, a call inside a loop when the loop's back edge is reachable from the branch
// taken when the call's error is non-nil: `if err != nil { continue }`, `if err == nil {
// break }` followed by a sleep, `if apierrors.IsConflict(err) { continue }`, `for err !=
// nil { err = f() }`, with or without a counter of attempts. The loops considered are
// those that may run the same call again: `for {}`, `for cond {}`, counted loops and
// `for range n` over an integer.
//
// Not reported: loops over items (range over a slice, map, channel or iterator, or an
// index compared with len or used to index), which skip a failing item or collect its
// error; error branches that append the error to a list or join it; loops that return or
// break on error; loops that receive from channels (event loops); loops inside functions
// started on another goroutine. A loop whose header variable (the counter of a
// three-clause for, the key or value of a range) flows into the arguments of the failing
// call, directly or through locals the body builds from it (`pod := newPod(obj, i)`, a
// field store `cm.Name = name`, a pointer filled by `fill(&pod, i)`), or into a closure
// given to the failing call (a loop over leader pods that calls
// `retry.Do(func() error { return check(pod) })`: the helper retries one pod, the loop
// moves to the next), handles a different object each turn: an item loop. So does a counted loop (three-clause for, range over
// an integer) that goes on to the next turn after a success, as loops creating N
// replicas with generateName do. A counter that reaches only the ctx (a per-attempt
// timeout) or a log line does not make an item loop. Good (one replica per turn):
//
//	for i := 0; i < replicas; i++ {
//		if err := r.Create(ctx, newPod(obj, i)); err != nil && !apierrors.IsAlreadyExists(err) {
//			errs = append(errs, err)
//		}
//	}
//
// A retry loop in a helper of another package of the module (a `kube` or `util`
// package with no reconciler of its own) is reported at the call in the package of
// the entry point, the line through which the reconcile reaches it, with the chain to
// the helper that loops: "the loop in kube.create re-runs c.Create after it fails ...
// (Reconcile → ensure → kube.EnsureConfig → kube.create)". The helper's package cannot
// know, when it is analysed, whether a reconcile reaches it. A wait between the
// attempts (time.Sleep in the error branch) is part of the retry: the sleep rule leaves
// it to this one, so the loop is one finding.
//
// Also reported: a retry.RetryOnConflict or retry.OnError closure that Updates an object
// (or its status) declared outside the closure without re-reading it inside the closure
// (no client Get or List, no assignment to it, no helper taking a ctx and the object). The
// object keeps its stale resourceVersion, so every attempt fails with the same conflict
// and the retry only adds latency. Re-read it inside the closure, preferably with the
// API reader (mgr.GetAPIReader()) or another live client: the cached client may return
// the same stale resourceVersion on every attempt until the informer catches up, which
// the few fast steps of retry.DefaultRetry (five attempts within about 50ms) may not
// outlast. Create, Delete and Patch are not checked: they do not fail with a conflict
// because of a stale cached object unless an optimistic lock is asked for.
//
// So a re-read through the cached client inside such a closure that Updates is
// reported too, at the Get, recommending the API reader. The client is taken for the
// manager's cached one when the Get's receiver can also write (client.Client, or a
// reconciler that embeds it: mgr.GetClient() reads from the cache); a receiver that can
// only read (client.Reader, which mgr.GetAPIReader() returns) or whose name says it is
// live (APIReader, apiReader, uncached, noCache, direct, live, apiserver) is the API
// reader and is not reported. A client built with client.New, which does not cache, in
// a field of type client.Client is reported all the same: name the field for what it
// is, or suppress the finding.
//
// The rule works on the control-flow graph of each reached function, built with
// golang.org/x/tools/go/cfg: the question "is the loop head reachable from the error
// branch of this test" is a graph search, and break, continue, labels, goto and return
// are already resolved into edges. It builds the graph directly rather than requiring
// the ctrlflow pass, which computes no-return facts for every dependency of the package,
// or buildssa, which builds SSA for whole packages: only the few reached functions that
// contain loops need a graph, and the error tests (err != nil, IsConflict(err)) are
// conditions of blocks in the syntax-level graph, so SSA's value flow is not needed.
// Calls that never return (panic, os.Exit, log.Fatal) end their block.
//
// Bad:
//
//	for {
//		if err := r.Update(ctx, obj); err != nil {
//			time.Sleep(time.Second)
//			continue // the worker retries until the API accepts the update
//		}
//		break
//	}
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		obj.Spec.Replicas = ptr.To(int32(3))
//		return r.Update(ctx, obj) // the same stale resourceVersion on every attempt
//	})
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		// the cache may return the same stale object on every attempt
//		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
//			return err
//		}
//		obj.Spec.Replicas = ptr.To(int32(3))
//		return r.Update(ctx, obj)
//	})
//
// Good:
//
//	if err := r.Update(ctx, obj); err != nil {
//		return ctrl.Result{}, err // the queue retries with backoff
//	}
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		// r.APIReader is mgr.GetAPIReader(): a live read, not the cache
//		if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
//			return err
//		}
//		obj.Spec.Replicas = ptr.To(int32(3))
//		return r.Update(ctx, obj)
//	})
//
// The loop check also reports from webhook entry points (see Entry points in
// docs/analyzers.md): the retries hold the admission request while the API server waits
// (10s by default, at most 30s). The conflict-closure check is for reconcile paths only.
//
// Bad, in a webhook:
//
//	func (h *AuditHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		for {
//			if err := h.Client.Get(ctx, key, &obj); err != nil {
//				time.Sleep(100 * time.Millisecond)
//				continue
//			}
//			break
//		}
//		...
//	}
//
// Good, in a webhook:
//
//	func (h *AuditHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
//		if err := h.Client.Get(ctx, key, &obj); err != nil {
//			return admission.Errored(http.StatusInternalServerError, err) // the client retries
//		}
//		...
//	}
package retryloop
