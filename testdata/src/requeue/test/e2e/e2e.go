// Package e2e lives under test/e2e: a directory of test code. Nothing is reported here.
package e2e

import (
	ctrl "sigs.k8s.io/controller-runtime"
)

func fakeResult() ctrl.Result {
	return ctrl.Result{Requeue: true}
}
