package allow

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/controller"

	"watchinreconcile/util"
)

type R struct {
	c  controller.Controller
	ca cache.Cache
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Allowed by name.
	if err := util.WatchSecrets(r.c, r.ca); err != nil {
		return ctrl.Result{}, err
	}
	// Not allowed.
	_, err := controller.New("x", nil, controller.Options{}) // want `controller.New in a reconcile path`
	return ctrl.Result{}, err
}
