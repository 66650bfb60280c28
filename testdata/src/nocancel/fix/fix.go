package fix

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"os/exec"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct {
	db   *sql.DB
	dial *net.Dialer
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	args := []string{"status", req.Name}
	if err := exec.Command("helm", args...).Run(); err != nil { // want `exec.Command cannot be cancelled: .*; use CommandContext with the ctx \(Reconcile\)$`
		return ctrl.Result{}, err
	}
	hreq, err := http.NewRequest(http.MethodGet, "http://x", nil) // want `http.NewRequest cannot be cancelled`
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = hreq
	_ = r.shadowed(ctx)
	_ = r.noCtx()
	return ctrl.Result{}, r.store(ctx, req.Name)
}

// A differently named context parameter.
func (r *R) store(c context.Context, name string) error {
	if err := r.db.Ping(); err != nil { // want `sql.DB.Ping cannot be cancelled`
		return err
	}
	tx, err := r.db.Begin() // want `sql.DB.Begin cannot be cancelled: .*; use BeginTx with the ctx`
	if err != nil {
		return err
	}
	if _, err := tx.Exec("INSERT INTO t VALUES ($1)", name); err != nil { // want `sql.Tx.Exec cannot be cancelled`
		return err
	}
	stmt, err := tx.Prepare("SELECT 1") // want `sql.Tx.Prepare cannot be cancelled`
	if err != nil {
		return err
	}
	rows, err := stmt.Query(name) // want `sql.Stmt.Query cannot be cancelled`
	if err != nil {
		return err
	}
	rows.Close()
	conn, err := r.dial.Dial("tcp", "db:5432") // want `net.Dialer.Dial cannot be cancelled`
	if err != nil {
		return err
	}
	conn.Close()
	// A closure uses the context of the function around it.
	run := func() error {
		return exec.Command("true").Run() // want `exec.Command cannot be cancelled`
	}
	if err := run(); err != nil {
		return err
	}
	return tx.Commit()
}

// The context parameter is shadowed by a string: no fix.
func (r *R) shadowed(ctx context.Context) error {
	{
		ctx := "not a context"
		_ = ctx
		return exec.Command("true").Run() // want `exec.Command cannot be cancelled`
	}
}

// No context in scope: no fix.
func (r *R) noCtx() error {
	return exec.Command("true").Run() // want `exec.Command cannot be cancelled`
}
