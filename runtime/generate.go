// Package runtime is the root of reconcilelint's reference runtime: a
// deterministic model, in virtual time, of the controller-runtime work loop,
// its queues and the client-go rate limiters (subpackages clock, ratelimit,
// queue/workqueue, queue/priority, controller). The scenarios in
// runtime/fixtures run through it to produce the run-time fixtures of the
// rules; see docs/runtime.md.
//
// Regenerate testdata/runtime and docs/runtime.md with
//
//	go generate ./runtime
package runtime

//go:generate go run ../cmd/fixturegen
