package priority_test

import "github.com/reconcilelint/reconcilelint/runtime/queue/priority"

// The test doubles (a manual clock and a counting limiter) live in
// prioritytest, shared with the differential tests of
// internal/k8stest/runtime/priority, which check them against client-go.

type got struct {
	Key  string
	Prio int
}

// drain hands out every item that can be handed out now, calling Done on
// none of them.
func drain(q *priority.Queue[string]) []got {
	var out []got
	for {
		k, p, ok := q.TryGetWithPriority()
		if !ok {
			return out
		}
		out = append(out, got{k, p})
	}
}

func keys(gs []got) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.Key
	}
	return out
}
