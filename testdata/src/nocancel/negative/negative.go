package negative

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"os/exec"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type R struct {
	db   *sql.DB
	hc   *http.Client
	dial net.Dialer
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// The Context variants.
	if err := exec.CommandContext(ctx, "helm", "status").Run(); err != nil {
		return ctrl.Result{}, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://x", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := r.hc.Do(hreq)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp.Body.Close()
	c, err := r.dial.DialContext(ctx, "tcp", "db:5432")
	if err != nil {
		return ctrl.Result{}, err
	}
	c.Close()
	if err := r.db.PingContext(ctx); err != nil {
		return ctrl.Result{}, err
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	// Commit and Rollback have no Context variant.
	_ = tx.Rollback()
	rows, err := r.db.QueryContext(ctx, "SELECT 1")
	if err != nil {
		return ctrl.Result{}, err
	}
	// Methods of the results take no context either.
	rows.Close()
	// Run on another goroutine: not on the worker (see the goroutine rule).
	go func() { _ = exec.Command("true").Run() }()
	return ctrl.Result{}, nil
}

// Start-up code and runnables are not reached from an entry point.
func main() {
	_, _ = http.Get("http://localhost:8080/healthz")
	_ = exec.Command("true").Run()
	var mgr manager.Manager
	_ = mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		_, err := net.DialTimeout("tcp", "db:5432", time.Second)
		return err
	}))
}

// A helper never reached from Reconcile.
func (r *R) unused() {
	_, _ = r.db.Exec("DELETE FROM t")
}
