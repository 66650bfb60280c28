package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/semver"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

const toolModule = "github.com/reconcilelint/reconcilelint"

// copyTree copies the directory src into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := testbin.CopyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// goCmd runs the go command in dir with env added to the environment and fails the
// test when it fails.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, errb.String())
	}
	return out.String()
}

// goMod is the part of `go mod edit -json` the tests read.
type goMod struct {
	Go        string
	Toolchain string
	Require   []struct {
		Path    string
		Version string
	}
	Tool []struct{ Path string }
}

func readGoMod(t *testing.T, dir string) (goMod, map[string]string) {
	t.Helper()
	var m goMod
	if err := json.Unmarshal([]byte(goCmd(t, dir, nil, "mod", "edit", "-json")), &m); err != nil {
		t.Fatal(err)
	}
	req := map[string]string{}
	for _, r := range m.Require {
		req[r.Path] = r.Version
	}
	return m, req
}

// buildList returns path -> version of every module in the build list of the module
// in dir, the main module left out.
func buildList(t *testing.T, dir string, env []string) map[string]string {
	t.Helper()
	mods := map[string]string{}
	for _, l := range lines(goCmd(t, dir, env, "list", "-m", "-f", "{{if not .Main}}{{.Path}} {{.Version}}{{end}}", "all")) {
		p, v, _ := strings.Cut(l, " ")
		mods[p] = v
	}
	return mods
}

func isKubernetes(path string) bool {
	return strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/")
}

// TestMainModuleRequiresOnlyLinkedKubernetesModules: the main module's go.mod, the one
// `go install` and `go get -tool` resolve, requires no Kubernetes module at all, and
// every module it requires is linked into the binary or into the golangci-lint plugin
// (a requirement the binary does not need would still take part in an operator's
// module graph). The tests that need controller-runtime and client-go live in the
// nested module internal/k8stest.
func TestMainModuleRequiresOnlyLinkedKubernetesModules(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	linked := map[string]bool{}
	for _, m := range lines(goCmd(t, root, nil, "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", "./cmd/reconcilelint", "./plugin", "./runtime/...")) {
		linked[m] = true
	}
	if !linked["golang.org/x/tools"] {
		t.Errorf("the binary does not link golang.org/x/tools: the listing is wrong")
	}
	_, req := readGoMod(t, root)
	for p := range req {
		if isKubernetes(p) {
			t.Errorf("the main module requires the Kubernetes module %s", p)
		}
		if !linked[p] && p != "golang.org/x/sync" {
			t.Errorf("the main module requires %s, which neither the binary nor the plugin links", p)
		}
	}
	// The nested module does pin the real APIs the stub check compares with.
	nested := buildList(t, filepath.Join(root, "internal", "k8stest"), []string{"GOFLAGS=-mod=mod"})
	for p, v := range map[string]string{"sigs.k8s.io/controller-runtime": "v0.24.1", "k8s.io/client-go": "v0.36.0"} {
		if nested[p] != v {
			t.Errorf("internal/k8stest has %s %q, want %s", p, nested[p], v)
		}
	}
}

// TestGoGetToolKeepsOperatorRequirements walks the documented `go get -tool` route on
// testdata/gettool/operator, an operator on controller-runtime v0.22 (the tool's
// module replaced by this checkout): go get -tool, go mod tidy, go build ./..., go
// tool reconcilelint ./.... A linter pinned next to an operator must move none of the
// operator's own requirements but golang.org/x modules and the go line: every
// requirement the operator had keeps its version unless it is a golang.org/x module,
// and the requirements added are the tool's module and modules the tool requires.
func TestGoGetToolKeepsOperatorRequirements(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("resolves the tool's module graph")
	}
	root := repoRoot(t)
	dir := copyTree(t, filepath.Join(root, "testdata", "gettool", "operator"))

	// The download step (as in .ci/run; no-ops once the modules are in the module
	// cache): the operator's modules and every module of the tool's build list.
	goCmd(t, dir, nil, "mod", "download")
	goCmd(t, root, nil, "mod", "download", "all")

	before, beforeReq := readGoMod(t, dir)
	tool, toolReq := readGoMod(t, root)
	for _, p := range []string{"sigs.k8s.io/controller-runtime", "k8s.io/client-go", "k8s.io/api", "k8s.io/apimachinery"} {
		if beforeReq[p] == "" {
			t.Fatalf("the scratch operator does not require %s", p)
		}
	}
	if semver.Compare("v"+before.Go, "v"+tool.Go) >= 0 {
		t.Fatalf("the scratch operator's go line %s is not older than the tool's %s: the test would not see it raised", before.Go, tool.Go)
	}

	// go get -tool offline: the proxy is off, and so is the checksum database, which
	// the go command would otherwise ask for the hashes of the tool's modules missing
	// from the operator's go.sum (the module cache verified them when it downloaded
	// them).
	offline := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off"}
	goCmd(t, dir, offline, "mod", "edit", "-replace="+toolModule+"="+root)
	goCmd(t, dir, offline, "get", "-tool", toolModule+"/cmd/reconcilelint")
	check := func(step string) {
		after, afterReq := readGoMod(t, dir)
		var changed []string
		for p, v := range afterReq {
			old := beforeReq[p]
			if old == v {
				continue
			}
			changed = append(changed, p+" "+old+" => "+v)
			switch {
			case p == toolModule:
			case old == "" && toolReq[p] != "":
				// A module the tool requires, new to the operator.
			case old == "":
				t.Errorf("%s: %s %s added, but the tool does not require it", step, p, v)
			case !strings.HasPrefix(p, "golang.org/x/"):
				t.Errorf("%s: the operator's requirement %s moved: %s => %s", step, p, old, v)
			}
		}
		for p := range beforeReq {
			if afterReq[p] == "" && step == "go get -tool" {
				t.Errorf("%s: requirement %s removed", step, p)
			}
		}
		if after.Go != tool.Go {
			t.Errorf("%s: go line %s => %s, want the tool's %s", step, before.Go, after.Go, tool.Go)
		}
		if after.Toolchain != before.Toolchain {
			t.Errorf("%s: toolchain line %q => %q", step, before.Toolchain, after.Toolchain)
		}
		if !slices.ContainsFunc(after.Tool, func(x struct{ Path string }) bool { return x.Path == toolModule+"/cmd/reconcilelint" }) {
			t.Errorf("%s: no tool line for reconcilelint: %+v", step, after.Tool)
		}
		slices.Sort(changed)
		t.Logf("after %s, %d of %d requirements changed:\n\t%s", step, len(changed), len(afterReq), strings.Join(changed, "\n\t"))
	}
	check("go get -tool")

	// go get -tool leaves go.sum without the hashes of the modules whose versions it
	// raised (the route's documented `go mod tidy`, docs/ci.md); tidy may fetch test
	// dependencies of dependencies, so it uses the environment's proxy.
	if out, err := exec.Command("sh", "-c", "cd "+dir+" && GOFLAGS=-mod=readonly go build ./... 2>&1").CombinedOutput(); err != nil {
		t.Logf("go build right after go get -tool fails (the documented go mod tidy is needed):\n%s", out)
	}
	goCmd(t, dir, []string{"GOFLAGS=-mod=mod", "GOSUMDB=off"}, "mod", "tidy")
	check("go mod tidy")
	goCmd(t, dir, []string{"GOFLAGS=-mod=readonly"}, "build", "./...")

	// The tool runs on the operator's controller-runtime v0.22 types.
	cmd := exec.Command("go", "tool", "reconcilelint", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 ||
		!strings.Contains(out.String(), "main.go:31:3: sleep: time.Sleep blocks the reconcile worker") ||
		!strings.Contains(errb.String(), "reconcilelint: 1 package, 1 finding (sleep 1),") {
		t.Errorf("go tool reconcilelint: %v\n%s\nstderr:\n%s", err, out.String(), errb.String())
	}
}
