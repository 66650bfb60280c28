package negative

import (
	"testing"

	ctrl "sigs.k8s.io/controller-runtime"
)

func fakeResult() ctrl.Result { return ctrl.Result{Requeue: true} }

func TestRequeue(t *testing.T) {
	res := fakeResult()
	res.Requeue = true
	if !res.Requeue {
		t.Fatal("no requeue")
	}
}
