package allow

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"

	"sleep/util"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_ = wait.PollUntilContextTimeout(ctx, time.Millisecond, time.Second, true, nil) // allowed by config
	util.Pause()                                                                    // allowed by config (chain element)
	time.Sleep(time.Second)                                                         // want `time.Sleep blocks`
	return ctrl.Result{}, nil
}
