package webhook

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// A defaulter that changes the status and writes the object with Update. statusupdate
// judges every function of the package, not only reconcile paths: the API server drops
// the status change of a main-resource Update wherever it is written. The finding has no
// reconcile chain.
type WidgetDefaulter struct{ c client.Client }

func (d *WidgetDefaulter) Default(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return d.c.Update(ctx, w) // want `^w.Status.Ready is set, then the object is written with Update of the main resource and no status write: .*Status\(\).Update$`
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &api.Widget{}).WithDefaulter(&WidgetDefaulter{}).Complete()
}
