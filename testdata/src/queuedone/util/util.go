package util

import "k8s.io/client-go/util/workqueue"

// Finish calls Done on every path and forgets or requeues the item.
func Finish(q workqueue.TypedRateLimitingInterface[string], key string, err error) { // want Finish:`done\[1\] settle\[1\] ratelimited\[1\]`
	defer q.Done(key)
	if err != nil {
		q.AddRateLimited(key)
		return
	}
	q.Forget(key)
}

// Settle forgets or requeues but does not call Done.
func Settle(q workqueue.TypedRateLimitingInterface[string], err error, key string) { // want Settle:`settle\[2\] ratelimited\[2\]`
	if err != nil {
		q.AddRateLimited(key)
		return
	}
	q.Forget(key)
}

// Maybe calls Done on one path only: no Done in its fact.
func Maybe(q workqueue.TypedInterface[string], key string, ok bool) {
	if ok {
		q.Done(key)
	}
}

// Unrelated takes a string and does nothing with a queue: no fact.
func Unrelated(key string) string { return key }
