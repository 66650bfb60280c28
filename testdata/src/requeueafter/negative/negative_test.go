package negative

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Test files are not reported.
func fakeResult() ctrl.Result { return ctrl.Result{RequeueAfter: time.Millisecond} }
