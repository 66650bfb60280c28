package negative

import (
	"context"
	"database/sql"
	"net/http"
	"os/exec"

	ctrl "sigs.k8s.io/controller-runtime"
)

// store has methods named like database/sql's, but it is not database/sql.
type store struct{}

func (store) Query(q string) ([]string, error) { return nil, nil }
func (store) Exec(q string) error              { return nil }
func (store) Begin() error                     { return nil }

// cache has a Get like http.Client's.
type cache struct{}

func (cache) Get(url string) (string, error) { return "", nil }

// Command is a local function named like exec.Command.
func Command(name string) error { return nil }

type S struct {
	st store
	c  cache
	db *sql.DB
	hc *http.Client
}

func (s *S) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := s.st.Query("q"); err != nil {
		return ctrl.Result{}, err
	}
	if err := s.st.Exec("q"); err != nil {
		return ctrl.Result{}, err
	}
	if err := s.st.Begin(); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := s.c.Get("k"); err != nil {
		return ctrl.Result{}, err
	}
	if err := Command("x"); err != nil {
		return ctrl.Result{}, err
	}
	// exec.LookPath and building a Cmd value do not run anything.
	if _, err := exec.LookPath("helm"); err != nil {
		return ctrl.Result{}, err
	}
	// Statistics and settings of a pool take no context.
	_ = s.db.Stats()
	s.db.SetMaxOpenConns(4)
	// A deliberate, documented exception.
	//reconcilelint:ignore nocancel the probe endpoint answers from memory within milliseconds
	resp, err := s.hc.Get("http://localhost:8080/readyz")
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}
