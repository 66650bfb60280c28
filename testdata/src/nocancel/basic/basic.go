package basic

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"net/url"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct {
	db   *sql.DB
	hc   *http.Client
	url  string
	dial net.Dialer
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	resp, err := http.Get(r.url) // want `^http.Get cannot be cancelled: the reconcile worker stays blocked past the ctx deadline \(ReconciliationTimeout from controller-runtime v0.22 on\) and manager shutdown; build the request with http.NewRequestWithContext\(ctx, ...\) and send it with Client.Do \(Reconcile\)$`
	if err != nil {
		return ctrl.Result{}, err
	}
	resp.Body.Close()
	if _, err := r.hc.PostForm(r.url, url.Values{}); err != nil { // want `^http.Client.PostForm cannot be cancelled`
		return ctrl.Result{}, err
	}
	if _, err := r.hc.Head(r.url); err != nil { // want `^http.Client.Head cannot be cancelled`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.probe(ctx)
}

func (r *R) probe(ctx context.Context) error {
	c, err := net.Dial("tcp", "db:5432") // want `^net.Dial cannot be cancelled: .*; use a net.Dialer's DialContext with the ctx \(Reconcile → probe\)$`
	if err != nil {
		return err
	}
	c.Close()
	if _, err := net.DialTimeout("tcp", "db:5432", time.Second); err != nil { // want `net.DialTimeout cannot be cancelled`
		return err
	}
	if _, err := http.Post(r.url, "text/plain", nil); err != nil { // want `http.Post cannot be cancelled`
		return err
	}
	row := r.db.QueryRow("SELECT 1") // want `^sql.DB.QueryRow cannot be cancelled: .*; use QueryRowContext with the ctx \(Reconcile → probe\)$`
	return row.Err()
}
