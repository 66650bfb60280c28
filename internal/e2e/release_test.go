package e2e

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCtrlVersion is a controller-runtime release newer than any reconcilelint knows.
const fakeCtrlVersion = "v0.99.0"

// fakeCtrl is the module sigs.k8s.io/controller-runtime at fakeCtrlVersion, as a test
// writes it: three packages, so that a note printed once per controller-runtime package
// would show more than once.
var fakeCtrl = map[string]string{
	"go.mod": "module sigs.k8s.io/controller-runtime\n\ngo 1.22\n",
	"pkg/reconcile/reconcile.go": `package reconcile

import (
	"context"
	"time"
)

type Request struct{ Namespace, Name string }

type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

type Reconciler interface {
	Reconcile(context.Context, Request) (Result, error)
}
`,
	"pkg/client/client.go": `package client

type Client interface{}
`,
	"alias.go": `package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type (
	Request = reconcile.Request
	Result  = reconcile.Result
	Client  = client.Client
)
`,
}

// fakeProxy writes a module proxy directory (GOPROXY=file://...) that serves fakeCtrl
// and returns its GOPROXY value.
func fakeProxy(t *testing.T) string {
	t.Helper()
	proxy := filepath.Join(t.TempDir(), "proxy")
	at := filepath.Join(proxy, "sigs.k8s.io", "controller-runtime", "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(at, fakeCtrlVersion+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, content := range fakeCtrl {
		w, err := zw.Create("sigs.k8s.io/controller-runtime@" + fakeCtrlVersion + "/" + name)
		if err == nil {
			_, err = w.Write([]byte(content))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"list":                    fakeCtrlVersion + "\n",
		fakeCtrlVersion + ".mod":  fakeCtrl["go.mod"],
		fakeCtrlVersion + ".info": `{"Version":"` + fakeCtrlVersion + `","Time":"2030-01-01T00:00:00Z"}`,
	} {
		if err := os.WriteFile(filepath.Join(at, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.ToSlash(proxy)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return "file://" + p
}

// TestNewerReleaseNote runs both drivers on a module that requires a controller-runtime
// newer than the newest known release (a fake one, served by a module proxy directory):
// each prints the release note once on standard error and analyses the code all the same.
// Under go vet the note comes from the unit of pkg/reconcile, which the go command runs
// only when it has no cached result for it: the first go vet with a given binary and
// controller-runtime prints it, a warm one does not (docs/compatibility.md says so).
func TestNewerReleaseNote(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "app")
	files := map[string]string{
		"go.mod": "module example.com/app\n\ngo 1.22\n\nrequire sigs.k8s.io/controller-runtime " + fakeCtrlVersion + "\n",
		"controllers/c.go": `package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{ C ctrl.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{Requeue: true}, nil
}
`,
	}
	for name, content := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A module cache of the test's own, so that the fake release never enters the
	// developer's; the build cache stays shared (the unit of pkg/reconcile is still cold:
	// its directory, in this module cache, is part of its key).
	env := []string{
		"GOPROXY=" + fakeProxy(t), "GOSUMDB=off", "GOFLAGS=-mod=mod -modcacherw",
		"GOMODCACHE=" + filepath.Join(t.TempDir(), "modcache"),
	}
	note := "reconcilelint: controller-runtime " + fakeCtrlVersion + " is newer than v0.25"
	finding := "controllers/c.go:12:21: requeue:"

	out, stderr, code := runEnv(t, dir, env, "", "./...")
	if code != 1 || strings.Count(stderr, note) != 1 || !strings.Contains(out, finding) {
		t.Errorf("standalone: exit %d, want 1 with the note once on standard error and the requeue finding\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}

	_, stderr, code = runEnv(t, dir, env, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 || strings.Count(stderr, note) != 1 || !strings.Contains(stderr, finding) {
		t.Errorf("go vet (cold): exit %d, want 1 with the note once and the requeue finding\nstderr:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "panic") {
		t.Errorf("go vet (cold) panicked:\n%s", stderr)
	}
	_, stderr, code = runEnv(t, dir, env, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 || !strings.Contains(stderr, finding) {
		t.Errorf("go vet (warm): exit %d, want 1 with the requeue finding\nstderr:\n%s", code, stderr)
	}
	if strings.Contains(stderr, note) {
		t.Errorf("go vet (warm) printed the note again: the go command replays the cached unit's standard error now; say so in docs/compatibility.md and drop this check\nstderr:\n%s", stderr)
	}
}
