package removeafter

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const interval = 30 * time.Second

func first() ctrl.Result {
	return ctrl.Result{Requeue: true, RequeueAfter: 5 * time.Second} // want `^the deprecated Requeue has no effect next to a positive RequeueAfter: remove it$`
}

func last() reconcile.Result {
	return reconcile.Result{RequeueAfter: interval, Requeue: true} // want `no effect next to a positive RequeueAfter`
}

func middle(p *int) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Minute, Requeue: true, Priority: p} // want `no effect next to a positive RequeueAfter`
}

func multiLineFirst() ctrl.Result {
	return ctrl.Result{
		Requeue:      true, // want `no effect next to a positive RequeueAfter`
		RequeueAfter: time.Second,
	}
}

func multiLineLast(p *int) ctrl.Result {
	return ctrl.Result{
		Priority:     p,
		RequeueAfter: 2 * interval,
		Requeue:      true, // want `no effect next to a positive RequeueAfter`
	}
}

func multiLineMiddle(p *int) ctrl.Result {
	return ctrl.Result{
		RequeueAfter: time.Duration(10) * time.Millisecond,
		Requeue:      true, // want `no effect next to a positive RequeueAfter`
		Priority:     p,
	}
}

// A non-constant Requeue is removed as well: RequeueAfter wins whatever its value.
func nonConst(cond bool) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Second, Requeue: cond} // want `no effect next to a positive RequeueAfter`
}

// No fix: removing the call would drop its side effect.
func sideEffect(mark func() bool) ctrl.Result {
	return ctrl.Result{RequeueAfter: time.Second, Requeue: mark()} // want `no effect next to a positive RequeueAfter`
}

// A zero or negative RequeueAfter does not win: plain deprecation, no fix.
func zeroAfter() ctrl.Result {
	return ctrl.Result{Requeue: true, RequeueAfter: 0} // want `^Result.Requeue re-adds the key`
}

func negativeAfter() ctrl.Result {
	return ctrl.Result{Requeue: true, RequeueAfter: -time.Second} // want `^Result.Requeue re-adds the key`
}

// A non-constant RequeueAfter may be zero: plain deprecation, no fix.
func nonConstAfter(d time.Duration) ctrl.Result {
	return ctrl.Result{Requeue: true, RequeueAfter: d} // want `^Result.Requeue re-adds the key`
}
