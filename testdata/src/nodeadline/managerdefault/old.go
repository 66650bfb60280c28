package old

import (
	"context"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
)

// The manager built in this package gives every controller a ReconciliationTimeout.
type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://peer", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = http.DefaultClient.Do(hreq)
	return ctrl.Result{}, err
}

func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func Options() ctrl.Options {
	return ctrl.Options{Controller: config.Controller{ReconciliationTimeout: time.Minute}}
}
