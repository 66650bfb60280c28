package helpers

import (
	"context"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ForTests is exported from a test file: only tests call it.
func ForTests(ctx context.Context, c client.Client, o client.Object) error {
	return c.Update(context.TODO(), o)
}

func TestHelpers(t *testing.T) {
	_ = ForTests(context.Background(), nil, nil)
}
