package basic

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"wapi"
)

type R struct{ client.Client }

// An entry appended on every pass, then the status written.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Status.History = append(app.Status.History, wapi.Entry{Reason: "Synced", Time: metav1.Now()}) // want `^app.Status.History grows by an entry each time this line runs \(every pass that gets here\) and is written by r.Status\(\).Update at line 22 without comparing old and new: the status becomes a log that grows towards etcd's object size limit .* \(Reconcile\)$`
	if err := r.Status().Update(ctx, &app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// In a helper given the reconciled object, written by a deferred patch.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &wapi.App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.record(ctx, app, "synced")
}

func (r *Helper) record(ctx context.Context, app *wapi.App, msg string) error {
	defer r.Status().Update(ctx, app)
	app.Status.History = append(app.Status.History, wapi.Entry{Message: msg}) // want `^app.Status.History grows by an entry each time this line runs \(every pass that gets here\) and is written by r.Status\(\).Update at line 40 .* \(Reconcile → record\)$`
	return nil
}
