package basic

import (
	"context"
	"database/sql"
	"net/http"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
)

type key struct{}

type HookReconciler struct {
	client.Client
	DB *sql.DB
}

func (r *HookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, cm.Data["url"], nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := http.DefaultClient.Do(hreq) // want `^http.DefaultClient.Do can wait forever: http.DefaultClient has no Timeout and its ctx has no deadline .*set controller.Options\{ReconciliationTimeout: ...\}`
	if err != nil {
		return ctrl.Result{}, err
	}
	defer resp.Body.Close()
	return ctrl.Result{}, r.record(ctx, cm.Name)
}

func (r *HookReconciler) record(ctx context.Context, name string) error {
	lctx := context.WithValue(ctx, key{}, name)
	_, err := r.DB.ExecContext(lctx, "INSERT INTO seen VALUES ($1)", name) // want `^r.DB.ExecContext can wait forever: a database call has no timeout of its own.*\(Reconcile → record\)$`
	if err != nil {
		return err
	}
	c := &http.Client{}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://audit", nil)
	if err != nil {
		return err
	}
	_, err = c.Do(hreq) // want `^c.Do can wait forever: the http.Client has no Timeout`
	return err
}

func (r *HookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).WithOptions(controller.Options{MaxConcurrentReconciles: 1}).Complete(r)
}
