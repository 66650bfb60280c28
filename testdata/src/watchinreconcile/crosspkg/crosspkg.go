package crosspkg

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
	t  *util.Tracker
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := util.WatchSecrets(r.c, r.ca); err != nil { // want `^controller.Controller.Watch in a reconcile path via util.WatchSecrets: .* \(Reconcile → util.WatchSecrets → util.watch\)$`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.t.Track(r.c, r.ca, "Secret")
}
