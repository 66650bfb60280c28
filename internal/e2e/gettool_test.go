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

// TestMainModuleRequiresOnlyLinkedKubernetesModules: every Kubernetes module that the
// main module's go.mod requires, the one `go install` and `go get -tool` resolve,
// provides a package that the binary links. The tests that need controller-runtime
// and client-go live in the nested module internal/k8stest.
func TestMainModuleRequiresOnlyLinkedKubernetesModules(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	linked := map[string]bool{}
	for _, m := range lines(goCmd(t, root, nil, "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", "./cmd/reconcilelint")) {
		linked[m] = true
	}
	if !linked["sigs.k8s.io/yaml"] {
		t.Errorf("the binary does not link sigs.k8s.io/yaml: the listing is wrong")
	}
	_, req := readGoMod(t, root)
	k8s := 0
	for p := range req {
		if isKubernetes(p) {
			k8s++
			if !linked[p] {
				t.Errorf("the main module requires %s, which the binary does not link", p)
			}
		}
	}
	if k8s == 0 {
		t.Errorf("no Kubernetes module in the build list: sigs.k8s.io/yaml at least is expected")
	}
	// The nested module does pin the real APIs the stub check compares with.
	nested := buildList(t, filepath.Join(root, "internal", "k8stest"), []string{"GOFLAGS=-mod=mod"})
	for p, v := range map[string]string{"sigs.k8s.io/controller-runtime": "v0.24.1", "k8s.io/client-go": "v0.36.0"} {
		if nested[p] != v {
			t.Errorf("internal/k8stest has %s %q, want %s", p, nested[p], v)
		}
	}
}

// TestGoGetToolKeepsOperatorRequirements installs reconcilelint with go get -tool
// (the module replaced by this checkout) into testdata/gettool/operator, an operator
// on controller-runtime v0.22, and checks what changes in its go.mod: the tool line,
// the tool's module, and modules of the tool's own build list raised to the versions
// it requires, never beyond; no Kubernetes module but those the binary links; the go
// line raised to the tool's and no further. Then go tool runs it on that operator.
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
	tool, _ := readGoMod(t, root)
	toolList := buildList(t, root, nil)
	for _, p := range []string{"sigs.k8s.io/controller-runtime", "k8s.io/client-go", "k8s.io/api", "k8s.io/apimachinery"} {
		if beforeReq[p] == "" {
			t.Fatalf("the scratch operator does not require %s", p)
		}
	}
	if semver.Compare("v"+before.Go, "v"+tool.Go) >= 0 {
		t.Fatalf("the scratch operator's go line %s is not older than the tool's %s: the test would not see it raised", before.Go, tool.Go)
	}

	// Offline from here: the proxy is off, and so is the checksum database, which the
	// go command would otherwise ask for the hashes of the tool's modules missing from
	// the operator's go.sum (the module cache verified them when it downloaded them).
	offline := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off"}
	goCmd(t, dir, offline, "mod", "edit", "-replace="+toolModule+"="+root)
	goCmd(t, dir, offline, "get", "-tool", toolModule+"/cmd/reconcilelint")
	after, afterReq := readGoMod(t, dir)
	// byTool: module@version required by the tool's module or by a module of the
	// tool's build list at the version the tool selects (x/net's own requirements,
	// say, which the tool's pruned build list leaves out).
	byTool := map[string]bool{}
	for _, l := range lines(goCmd(t, dir, offline, "mod", "graph")) {
		from, to, _ := strings.Cut(l, " ")
		fp, fv, _ := strings.Cut(from, "@")
		if fp == toolModule || (fv != "" && toolList[fp] == fv) {
			byTool[to] = true
		}
	}

	var changed []string
	for p, v := range afterReq {
		old := beforeReq[p]
		if old == v {
			continue
		}
		changed = append(changed, p+" "+old+" => "+v)
		switch {
		case p == toolModule:
		case isKubernetes(p) && p != "sigs.k8s.io/yaml":
			t.Errorf("Kubernetes module %s changed: %q => %s", p, old, v)
		case !byTool[p+"@"+v]:
			t.Errorf("%s changed (%q => %s) but neither the tool nor a module of its build list requires %s", p, old, v, v)
		}
	}
	for p := range beforeReq {
		if afterReq[p] == "" {
			t.Errorf("requirement %s removed", p)
		}
	}
	for _, p := range []string{"sigs.k8s.io/controller-runtime", "k8s.io/client-go", "k8s.io/api", "k8s.io/apimachinery"} {
		if afterReq[p] != beforeReq[p] {
			t.Errorf("%s: %s => %s", p, beforeReq[p], afterReq[p])
		}
	}
	if afterReq[toolModule] == "" {
		t.Errorf("go.mod does not require %s", toolModule)
	}
	if !slices.ContainsFunc(after.Tool, func(x struct{ Path string }) bool { return x.Path == toolModule+"/cmd/reconcilelint" }) {
		t.Errorf("no tool line for reconcilelint: %+v", after.Tool)
	}
	if after.Go != tool.Go {
		t.Errorf("go line %s => %s, want the tool's %s", before.Go, after.Go, tool.Go)
	}
	if after.Toolchain != before.Toolchain {
		t.Errorf("toolchain line %q => %q", before.Toolchain, after.Toolchain)
	}
	slices.Sort(changed)
	t.Logf("%d of %d requirements changed:\n\t%s", len(changed), len(afterReq), strings.Join(changed, "\n\t"))

	// The tool runs on the operator's controller-runtime v0.22 types.
	cmd := exec.Command("go", "tool", "reconcilelint", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), offline...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 ||
		!strings.Contains(out.String(), "main.go:31:3: sleep: time.Sleep blocks the reconcile worker") {
		t.Errorf("go tool reconcilelint: %v\n%s\nstderr:\n%s", err, out.String(), errb.String())
	}
}
