package negative

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
)

func get(ctx context.Context, url string) error {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The controller sets ReconciliationTimeout.
type Timed struct{ client.Client }

func (r *Timed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://peer", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = http.DefaultClient.Do(hreq)
	return ctrl.Result{}, err
}

func (r *Timed) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).
		WithOptions(controller.Options{ReconciliationTimeout: time.Minute}).Complete(r)
}

// Deadlines derived on the path: in the function, and at the only call of a helper.
type Derived struct {
	client.Client
	DB *sql.DB
}

func (r *Derived) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	hreq, err := http.NewRequestWithContext(tctx, http.MethodGet, "http://peer", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	if _, err := http.DefaultClient.Do(hreq); err != nil {
		return ctrl.Result{}, err
	}
	dctx, cancel2 := context.WithDeadline(ctx, time.Now().Add(time.Minute))
	defer cancel2()
	if err := r.query(dctx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, get(tctx, "http://peer")
}

func (r *Derived) query(ctx context.Context) error {
	return r.DB.PingContext(ctx)
}

func (r *Derived) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// Clients with a Timeout or a Transport of their own, one in a field (not seen), a
// request from a parameter (its ctx is not known), Background (bgcontext's finding).
type Clients struct {
	client.Client
	HTTP *http.Client
}

func (r *Clients) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &http.Client{Timeout: 10 * time.Second}
	t := &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: time.Second}}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://peer", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	if _, err := c.Do(hreq); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := t.Do(hreq); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.HTTP.Do(hreq); err != nil {
		return ctrl.Result{}, err
	}
	bg, err := http.NewRequestWithContext(context.Background(), http.MethodGet, "http://peer", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	if _, err := http.DefaultClient.Do(bg); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.send(hreq)
}

func (r *Clients) send(hreq *http.Request) error {
	_, err := http.DefaultClient.Do(hreq)
	return err
}

func (r *Clients) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// Options from the caller: not known.
type Opts struct{ client.Client }

func (r *Opts) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, get(ctx, "http://peer")
}

func (r *Opts) SetupWithManager(mgr ctrl.Manager, o controller.Options) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).WithOptions(o).Complete(r)
}

// No controller seen: wired elsewhere.
type Unwired struct{ client.Client }

func (r *Unwired) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, get(ctx, "http://peer")
}
