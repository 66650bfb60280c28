package negative

import (
	"context"
	"testing"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type testReconciler struct{}

func (testReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(time.Second)
	return ctrl.Result{}, nil
}

func TestSomething(t *testing.T) {
	(&R{}).Reconcile(context.Background(), ctrl.Request{})
	time.Sleep(time.Millisecond)
}
