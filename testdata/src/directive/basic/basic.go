package basic

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{ ready bool }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Used ignores are not reported: on the finding's line, and on the line above when
	// the directive stands alone on its line.
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep the device needs 1ms between commands
	//reconcilelint:ignore sleep settle time of the local socket, bounded at 5ms
	time.Sleep(5 * time.Millisecond)
	//reconcilelint:ignore requeue,sleep one of the two rules is enough
	time.Sleep(time.Millisecond)

	// A trailing comment of the previous statement does not apply to the next line.
	n := 1 //reconcilelint:ignore sleep meant for the next line // want `^reconcilelint:ignore sleep suppresses nothing: remove it$`
	time.Sleep(time.Duration(n))

	// A directive two lines above does not apply either.
	//reconcilelint:ignore sleep too far away // want `reconcilelint:ignore sleep suppresses nothing`

	time.Sleep(time.Millisecond)

	// Nothing to suppress here.
	r.ready = true //reconcilelint:ignore sleep stale after a refactoring // want `^reconcilelint:ignore sleep suppresses nothing: remove it$`
	//reconcilelint:ignore requeue,sleep stale as well // want `^reconcilelint:ignore requeue,sleep suppresses nothing: remove it$`
	r.ready = false

	// Malformed directives.
	// want +1 `^reconcilelint:ignore sleep needs a reason after the rule list$`
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep
	// want +1 `^reconcilelint:ignore needs a rule list and a reason: //reconcilelint:ignore rule\[,rule\] reason$`
	//reconcilelint:ignore
	r.ready = true //reconcilelint:ignore nosuch,sleep typo in the rule name // want `^reconcilelint:ignore names unknown rule nosuch \(known: directive, requeue, sleep\)$`
	r.ready = true //reconcilelint:ignor sleep typo in the verb // want `^unknown directive reconcilelint:ignor \(known: ignore, blocking\)$`
	//reconcilelint:blocking not a doc comment // want `^reconcilelint:blocking belongs in the doc comment of a function declaration$`

	if !r.ready {
		return ctrl.Result{Requeue: true}, nil //reconcilelint:ignore requeue the e2e fake relies on it
	}
	return ctrl.Result{}, nil
}

// waitForSocket polls a local socket.
//
//reconcilelint:blocking
func waitForSocket() {}

//reconcilelint:blocking on a type // want `reconcilelint:blocking belongs in the doc comment of a function declaration`
type T struct{}

var f = func() {
	//reconcilelint:blocking on a closure // want `reconcilelint:blocking belongs in the doc comment of a function declaration`
}
