package negative

import (
	"context"
	"testing"

	ctrl "sigs.k8s.io/controller-runtime"
)

func TestReconcile(t *testing.T) {
	r := &R{}
	go func() { _, _ = r.Reconcile(context.Background(), ctrl.Request{}) }()
}
