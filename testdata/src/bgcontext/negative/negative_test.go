package negative

import (
	"context"
	"testing"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Tests call Reconcile with a background ctx.
func TestReconcile(t *testing.T) {
	r := &R{}
	_, _ = r.Reconcile(context.Background(), ctrl.Request{})
	r.helper()
}

func (r *R) helper() { _ = context.TODO() }
