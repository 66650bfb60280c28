package threshold

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// With threshold 10s, 5s is reported and 10s is not.
func five() ctrl.Result {
	return ctrl.Result{RequeueAfter: 5 * time.Second} // want `^RequeueAfter of 5s reconciles the object every 5s for as long as it waits.*poll an external system at 10s or more$`
}

func ten() ctrl.Result { return ctrl.Result{RequeueAfter: 10 * time.Second} }

func minute() ctrl.Result { return ctrl.Result{RequeueAfter: time.Minute} }
