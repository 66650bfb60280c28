package priority_test

import (
	"os"
	"runtime"
	"testing"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
)

// TestRealShutDownDeadlock reproduces, in the real queue, the hang described
// in NOTES.md. With one P the hand-out goroutine is woken by a notification
// but does not run before ShutDown and an unlocking Done; when it runs, the
// blocked Get has already left through the closed done channel, the waiter
// count is still 1, and it blocks forever sending the unlocked item while
// holding the queue lock, so Len never returns. It changes GOMAXPROCS and
// leaks the hung goroutines, so it only runs with RECONCILELINT_REAL_DEADLOCK=1.
func TestRealShutDownDeadlock(t *testing.T) {
	if os.Getenv("RECONCILELINT_REAL_DEADLOCK") == "" {
		t.Skip("set RECONCILELINT_REAL_DEADLOCK=1 to run this reproduction of a real-queue hang")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const trials = 20
	hung := 0
	for range trials {
		q := priorityqueue.New[string]("")
		q.Add("a")
		if k, _ := q.Get(); k != "a" { // worker 1 takes a
			t.Fatalf("Get = %q", k)
		}
		q.Add("a") // an event re-adds a while it is locked
		q.Len()
		parked := make(chan bool, 1)
		go func() { // worker 2 is idle, blocked in Get
			_, shutdown := q.Get()
			parked <- shutdown
		}()
		time.Sleep(10 * time.Millisecond)
		// From here on the test goroutine does not block until the sleep.
		q.Done("other") // any Done wakes the hand-out goroutine
		q.ShutDown()
		q.Done("a") // worker 1 finishes: a is unlocked
		time.Sleep(10 * time.Millisecond)
		lenDone := make(chan struct{})
		go func() { q.Len(); close(lenDone) }()
		select {
		case <-lenDone:
		case <-time.After(500 * time.Millisecond):
			hung++
		}
	}
	t.Logf("Len hung after ShutDown in %d of %d trials", hung, trials)
	if hung == 0 {
		t.Errorf("no hang reproduced in %d trials", trials)
	}
}
