package crosspkg

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"nocancel/util"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := util.Git("fetch") // want `^exec.Command cannot be cancelled, via util.Git: .*; pass the ctx down and use the Context variant \(Reconcile → util.Git → util.run\)$`
	return ctrl.Result{}, err
}
