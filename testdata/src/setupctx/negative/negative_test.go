package negative

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Tests start managers with Background freely.
func startForTest(mgr manager.Manager) error { return mgr.Start(context.Background()) }
