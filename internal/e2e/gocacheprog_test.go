package e2e

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

// TestGOCACHEPROGTwoMachines shares the result cache between two "machines" through an
// existing GOCACHEPROG program, github.com/bradfitz/go-tool-cache (its go-cacher, run
// by each machine with a local directory of its own, and its go-cacher-server, the
// one store both share over HTTP, as an S3 bucket would be in CI). The module
// testdata/gocacheprog pins it, so the main module's go.mod does not require it.
//
// Each machine has its own copy of the operator, at another path, and its own go-cacher
// directory: the second machine's first run must replay every package from what the
// first machine stored, and report byte for byte what a cold run reports.
//
// The go command itself uses GOCACHEPROG too (for the export data reconcilelint asks
// it for), so a module with controller-runtime would make the first machine compile
// all of Kubernetes into an empty cache. The operator here uses our stubs of
// controller-runtime and apimachinery (testdata/src), replaced by directories: the
// first machine compiles the standard library's few packages it needs.
func TestGOCACHEPROGTwoMachines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds go-tool-cache and compiles into empty build caches")
	}
	t.Parallel()
	root := repoRoot(t)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator),
		"github.com/bradfitz/go-tool-cache/cmd/go-cacher", "github.com/bradfitz/go-tool-cache/cmd/go-cacher-server")
	build.Dir = filepath.Join(root, "testdata", "gocacheprog")
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building go-tool-cache: %v\n%s", err, out)
	}

	// The shared store.
	addr := freeAddr(t)
	var serverLog bytes.Buffer
	server := exec.Command(filepath.Join(bin, "go-cacher-server"), "-cache-dir", t.TempDir(), "-listen", addr)
	server.Stdout, server.Stderr = &serverLog, &serverLog
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		server.Process.Kill()
		server.Wait()
	})
	waitListening(t, addr, &serverLog)

	type machine struct{ name, module, cacher string }
	var machines []machine
	for _, name := range []string{"ci-runner-1", "ci-runner-2"} {
		home := filepath.Join(t.TempDir(), name)
		m := machine{name: name, module: filepath.Join(home, "src", "operator"), cacher: filepath.Join(home, "go-cacher")}
		writeStubOperator(t, root, m.module)
		machines = append(machines, m)
	}
	prog := func(m machine) []string {
		return []string{fmt.Sprintf("GOCACHEPROG=%s -cache-dir %s -cache-server http://%s", filepath.Join(bin, "go-cacher"), m.cacher, addr)}
	}

	// Cold runs on each machine, without the cache: JSON positions are absolute paths,
	// so each machine's output is compared with its own cold run.
	var cold [2]string
	var code int
	for i, m := range machines {
		var stderr string
		cold[i], stderr, code = runEnv(t, m.module, nil, "", "-cache=off", "-json", "./...")
		if code != 1 || !strings.Contains(cold[i], `"sleep"`) || !strings.Contains(cold[i], `"requeueafter"`) {
			t.Fatalf("the operator's cold run (exit %d) lacks the findings this test needs:\n%s%s", code, cold[i], stderr)
		}
	}
	stats := func(name, stderr string) (hits, misses, stored int) {
		t.Helper()
		m := cacheStats.FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("%s: no result cache line in -timing's output:\n%s", name, stderr)
		}
		if !strings.Contains(m[0], "GOCACHEPROG") {
			t.Errorf("%s: the run did not use GOCACHEPROG: %s", name, m[0])
		}
		hits, _ = strconv.Atoi(m[1])
		misses, _ = strconv.Atoi(m[2])
		stored, _ = strconv.Atoi(m[3])
		return
	}
	first, stderr, code1 := runEnv(t, machines[0].module, prog(machines[0]), "", "-timing", "-json", "./...")
	// A first run in a directory loads and analyses everything without looking up
	// (the driver counts no misses then) and stores every package.
	hits, _, stored := stats("first machine", stderr)
	if hits != 0 || stored == 0 {
		t.Errorf("first machine: %d hits, %d stored; want no hit, every package stored", hits, stored)
	}
	if entries, _ := os.ReadDir(machines[1].cacher); len(entries) != 0 {
		t.Fatalf("the second machine's go-cacher directory is not empty before its first run")
	}
	second, stderr, code2 := runEnv(t, machines[1].module, prog(machines[1]), "", "-timing", "-json", "./...")
	hits2, misses2, _ := stats("second machine", stderr)
	t.Logf("GOCACHEPROG hit rate of the second machine's first run: %d of %d packages", hits2, hits2+misses2)
	if hits2 != stored || misses2 != 0 {
		t.Errorf("second machine's first run: %d hits, %d misses; want the %d packages the first machine stored, no miss", hits2, misses2, stored)
	}
	for i, got := range []string{first, second} {
		if got != cold[i] {
			t.Errorf("%s reports otherwise than its cold run\n--- cold\n%s--- with the shared cache\n%s", machines[i].name, cold[i], got)
		}
	}
	if code1 != code || code2 != code {
		t.Errorf("exit codes: cold %d, first machine %d, second machine %d", code, code1, code2)
	}
}

// freeAddr returns a loopback address with a port nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// waitListening waits until a server accepts connections on addr.
func waitListening(t *testing.T, addr string, log *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("go-cacher-server does not listen on %s: %v\n%s", addr, err, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// writeStubOperator writes, in dir, an operator built on our stubs of controller-runtime
// and apimachinery (copied from testdata/src, each made a module and replaced by its
// directory). Its findings depend on its own files (requeueafter) and on a fact of
// another of its packages (sleep, through helper.Wait).
func writeStubOperator(t *testing.T, root, dir string) {
	t.Helper()
	for mod, src := range map[string]string{
		"sigs.k8s.io/controller-runtime": "sigs.k8s.io/controller-runtime",
		"k8s.io/apimachinery":            "k8s.io/apimachinery",
	} {
		to := filepath.Join(dir, "stubs", filepath.Base(src))
		if err := testbin.CopyTree(filepath.Join(root, "testdata", "src", src), to); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, "go.mod"), []byte("module "+mod+"\n\ngo 1.22\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"go.mod": `module example.com/operator

go 1.25

require (
	k8s.io/apimachinery v0.36.0
	sigs.k8s.io/controller-runtime v0.24.1
)

replace (
	k8s.io/apimachinery => ./stubs/apimachinery
	sigs.k8s.io/controller-runtime => ./stubs/controller-runtime
)
`,
		"controllers/widget.go": `package controllers

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/operator/helper"
)

type WidgetReconciler struct{}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	helper.WaitForAPI()
	return reconcile.Result{RequeueAfter: 10 * time.Millisecond}, nil
}
`,
		"helper/helper.go": `package helper

import "time"

func WaitForAPI() { time.Sleep(2 * time.Second) }
`,
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
