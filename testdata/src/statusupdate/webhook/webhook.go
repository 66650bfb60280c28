package webhook

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// A defaulter that changes the status and writes the object with Update: not a
// statusupdate finding, the rule is about reconcile paths.
type WidgetDefaulter struct{ c client.Client }

func (d *WidgetDefaulter) Default(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	return d.c.Update(ctx, w)
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &api.Widget{}).WithDefaulter(&WidgetDefaulter{}).Complete()
}
