// Package e2e runs the reconcilelint binary on the modules under testdata/e2e, which
// import the real controller-runtime, and compares its output with the expected
// findings. It also checks the vet-tool protocol, fixes, go tool, and bad input.
package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

var binary string

func TestMain(m *testing.M) { testbin.Main(m, "reconcilelint-e2e", &binary) }

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// run runs the binary (or another command when name != "") in dir and returns stdout,
// stderr and the exit code.
func run(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv is run with more environment variables.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	if name == "" {
		name = binary
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s %v: %v", name, args, err)
	}
	return out.String(), errb.String(), code
}

// copyModule copies a testdata/e2e module into a temporary directory.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	return copyTree(t, filepath.Join(repoRoot(t), "testdata", "e2e", name))
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// modules returns the e2e modules: directories of testdata/e2e with a go.mod and an
// expected.txt (the standalone output, reviewed by hand).
func modules(t *testing.T) []string {
	dirs, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "e2e", "*", "expected.txt"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no e2e modules: %v", err)
	}
	for i, d := range dirs {
		dirs[i] = filepath.Dir(d)
	}
	return dirs
}

func TestStandalone(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	mods, ran := modules(t), 0
	for _, dir := range mods {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			ran++
			want, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
			if err != nil {
				t.Fatal(err)
			}
			out, stderr, code := run(t, dir, "", "./...")
			wantCode := 1
			if len(want) == 0 {
				wantCode = 0
			}
			if code != wantCode {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, wantCode, stderr)
			}
			if out != string(want) {
				t.Errorf("findings differ from expected.txt\n--- got\n%s--- want\n%s", out, want)
			}
			for _, l := range lines(out) {
				if parts := strings.SplitN(l, ": ", 3); len(parts) == 3 {
					seen[parts[1]] = true
				}
			}
			// The same run is deterministic.
			if out2, _, _ := run(t, dir, "", "./..."); out2 != out {
				t.Errorf("second run differs:\n%s", out2)
			}
		})
	}
	// Every rule has at least one finding in some e2e module (when -run selected them all).
	if ran < len(mods) {
		t.Logf("%d of %d modules ran: not checking that every rule has a finding", ran, len(mods))
		return
	}
	out, _, _ := run(t, repoRoot(t), "", "help")
	_, ruleList, _ := strings.Cut(out, "\nrules (")
	_, ruleList, _ = strings.Cut(ruleList, "\n")
	for _, l := range lines(ruleList) {
		f := strings.Fields(l)
		if len(f) < 2 || !strings.HasPrefix(l, "  ") || f[0] == "directive" {
			continue
		}
		if !seen[f[0]] {
			t.Errorf("rule %s has no finding in any e2e module", f[0])
		}
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	out, stderr, code := run(t, dir, "", "-json", "./...")
	if code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, stderr)
	}
	// The go/analysis JSON shape: package ID → analyzer → diagnostics.
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("output is not the go/analysis JSON shape: %v\n%s", err, out)
	}
	pkg := tree["example.com/operator/controllers"]
	if pkg == nil {
		t.Fatalf("no entry for the controllers package: %s", out)
	}
	var diags []struct {
		Posn           string `json:"posn"`
		Message        string `json:"message"`
		SuggestedFixes []struct {
			Message string `json:"message"`
		} `json:"suggested_fixes"`
	}
	if err := json.Unmarshal(pkg["requeue"], &diags); err != nil {
		t.Fatal(err)
	}
	if len(diags) != 3 {
		t.Fatalf("got %d requeue diagnostics, want 3: %s", len(diags), pkg["requeue"])
	}
	fixes := 0
	for _, d := range diags {
		fixes += len(d.SuggestedFixes)
	}
	if fixes != 2 {
		t.Errorf("got %d suggested fixes, want 2", fixes)
	}
}

// TestVetTool runs the binary through go vet -vettool: the same findings, facts crossing
// packages through the vet protocol.
func TestVetTool(t *testing.T) {
	t.Parallel()
	for _, dir := range modules(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
			_, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./...")
			if (code == 0) != (len(want) == 0) {
				t.Fatalf("go vet exited %d:\n%s", code, stderr)
			}
			var got []string
			for _, l := range lines(stderr) {
				if strings.HasPrefix(l, "#") {
					continue
				}
				got = append(got, l)
			}
			var exp []string
			// go vet prints the same "file:line:col: rule: message" lines as the
			// standalone driver.
			exp = append(exp, lines(string(want))...)
			sort.Strings(got)
			sort.Strings(exp)
			if strings.Join(got, "\n") != strings.Join(exp, "\n") {
				t.Errorf("go vet findings differ\n--- got\n%s\n--- want\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
			}
		})
	}
}

// TestVetToolModuleFacts vets the controllers package of the writes module alone. Its
// api package is then analysed only for facts (a VetxOnly unit of the main module), and
// those facts must still be computed: without the fact that Snapshot's CRD has no status
// subresource, its Update would be reported. The findings are exactly those of
// expected.txt in that package.
func TestVetToolModuleFacts(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "writes")
	want, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var exp []string
	for _, l := range lines(string(want)) {
		if strings.HasPrefix(l, "controllers/") {
			exp = append(exp, l)
		}
	}
	if !strings.Contains(strings.Join(exp, "\n"), "backup_controller.go") {
		t.Fatal("expected.txt of the writes module has no finding in backup_controller.go")
	}
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./controllers")
	if code == 0 {
		t.Fatalf("go vet exited 0, want findings:\n%s", stderr)
	}
	var got []string
	for _, l := range lines(stderr) {
		if !strings.HasPrefix(l, "#") {
			got = append(got, l)
		}
	}
	sort.Strings(got)
	sort.Strings(exp)
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		t.Errorf("go vet ./controllers findings differ\n--- got\n%s\n--- want\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
	}
}

// TestFix applies every fix to a copy of each e2e module: it must still build, and a
// second run must report exactly the findings that had no fix.
func TestFix(t *testing.T) {
	t.Parallel()
	for _, src := range modules(t) {
		name := filepath.Base(src)
		t.Run(name, func(t *testing.T) {
			dir := copyModule(t, name)
			before, _, _ := run(t, dir, "", "-json", "./...")
			var tree map[string]map[string][]struct {
				Message        string            `json:"message"`
				SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
			}
			if err := json.Unmarshal([]byte(before), &tree); err != nil && strings.TrimSpace(before) != "" {
				t.Fatalf("bad JSON: %v", err)
			}
			var unfixable []string
			fixable := 0
			for _, byRule := range tree {
				for _, diags := range byRule {
					for _, d := range diags {
						if len(d.SuggestedFixes) > 0 {
							fixable++
						} else {
							unfixable = append(unfixable, d.Message)
						}
					}
				}
			}
			_, stderr, _ := run(t, dir, "", "-fix", "./...")
			want := fmt.Sprintf("applied %d fixes", fixable)
			switch fixable {
			case 0:
				want = "nothing to fix"
			case 1:
				want = "applied 1 fix,"
			}
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr does not say %q:\n%s", want, stderr)
			}
			if _, stderr, code := run(t, dir, "go", "build", "./..."); code != 0 {
				t.Fatalf("module does not build after -fix:\n%s", stderr)
			}
			after, _, _ := run(t, dir, "", "./...")
			var got []string
			for _, l := range lines(after) {
				got = append(got, strings.SplitN(l, ": ", 3)[2])
			}
			sort.Strings(got)
			sort.Strings(unfixable)
			if strings.Join(got, "\n") != strings.Join(unfixable, "\n") {
				t.Errorf("after -fix\n--- got\n%s\n--- want the unfixable findings\n%s", strings.Join(got, "\n"), strings.Join(unfixable, "\n"))
			}
			if name == "operator" {
				src, _ := os.ReadFile(filepath.Join(dir, "controllers", "configmap_controller.go"))
				if strings.Contains(string(src), "Requeue: true, RequeueAfter") {
					t.Errorf("Requeue next to RequeueAfter was not removed")
				}
				if !strings.Contains(string(src), "return ctrl.Result{}, fmt.Errorf(\"waiting for owner") {
					t.Errorf("the Result returned with an error was not dropped:\n%s", src)
				}
			}
		})
	}
}

// TestDiff prints the fixes without changing files.
func TestDiff(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	orig, _ := os.ReadFile(file)
	out, _, _ := run(t, dir, "", "-diff", "./...")
	if !strings.Contains(out, "-\t\treturn ctrl.Result{Requeue: true, RequeueAfter: 30 * time.Second}, nil") ||
		!strings.Contains(out, "+\t\treturn ctrl.Result{RequeueAfter: 30 * time.Second}, nil") {
		t.Errorf("diff does not show the fix:\n%s", out)
	}
	now, _ := os.ReadFile(file)
	if !bytes.Equal(orig, now) {
		t.Errorf("-diff changed the file")
	}
}

// TestGoFix applies fixes through go fix -fixtool.
func TestGoFix(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	_, stderr, code := run(t, dir, "go", "fix", "-fixtool="+binary, "./...")
	if code != 0 {
		t.Fatalf("go fix -fixtool exited %d:\n%s", code, stderr)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "controllers", "configmap_controller.go"))
	if strings.Contains(string(src), "Requeue: true, RequeueAfter") {
		t.Errorf("go fix did not apply the requeue fix")
	}
	if _, stderr, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("module does not build after go fix:\n%s", stderr)
	}
}

// TestGoTool installs the binary as a tool of the user's module and runs it with go tool.
func TestGoTool(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("resolves the tool's module graph")
	}
	dir := copyModule(t, "operator")
	root := repoRoot(t)
	if _, stderr, code := run(t, dir, "go", "mod", "edit", "-require=github.com/reconcilelint/reconcilelint@v0.0.0",
		"-replace=github.com/reconcilelint/reconcilelint="+root); code != 0 {
		t.Fatal(stderr)
	}
	// What `go get -tool github.com/reconcilelint/reconcilelint/cmd/reconcilelint@VERSION`
	// records for a published version; here the module is replaced by this checkout.
	if _, stderr, code := run(t, dir, "go", "mod", "edit", "-tool=github.com/reconcilelint/reconcilelint/cmd/reconcilelint"); code != 0 {
		t.Fatalf("go mod edit -tool: %s", stderr)
	}
	if _, stderr, code := run(t, dir, "go", "mod", "tidy"); code != 0 {
		t.Fatalf("go mod tidy: %s", stderr)
	}
	want, _ := os.ReadFile(filepath.Join(root, "testdata", "e2e", "operator", "expected.txt"))
	out, stderr, code := run(t, dir, "go", "tool", "reconcilelint", "./...")
	if code != 1 || out != string(want) {
		t.Errorf("go tool reconcilelint: exit %d\n%s\nstderr:\n%s", code, out, stderr)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	op := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	broken := t.TempDir()
	os.WriteFile(filepath.Join(broken, "go.mod"), []byte("module example.com/broken\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(broken, "bad.go"), []byte("package broken\n\nfunc f() int { return \"x\" }\n\nfunc g() { undefinedCall() }\n"), 0o644)
	os.MkdirAll(filepath.Join(broken, "good"), 0o755)
	os.WriteFile(filepath.Join(broken, "good", "good.go"), []byte("package good\n\nfunc G() {}\n"), 0o644)
	badcfg := t.TempDir()
	os.WriteFile(filepath.Join(badcfg, "go.mod"), []byte("module example.com/badcfg\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(badcfg, "a.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(badcfg, ".reconcilelint.yaml"), []byte("rules:\n  sleep:\n    alow: [x]\n"), 0o644)

	for _, tc := range []struct {
		name     string
		dir      string
		args     []string
		code     int
		contains string
	}{
		{"no packages", op, nil, 2, "no packages given"},
		{"pattern matches nothing", op, []string{"./nonexistent/..."}, 2, "matched no packages"},
		{"does not type-check", broken, []string{"./..."}, 3, "package example.com/broken does not type-check (2 errors):\n\t"},
		{"unknown rule in -enable", op, []string{"-enable=sleep,nope", "./..."}, 2, `-enable[1]: unknown rule "nope"`},
		{"unknown rule in -disable", op, []string{"-disable=nope", "./..."}, 2, `-disable[0]: unknown rule "nope"`},
		{"unknown flag", op, []string{"-nope", "./..."}, 2, "flag provided but not defined: -nope"},
		{"unknown config key", badcfg, []string{"./..."}, 2, "rules.sleep.alow: unknown key (known: allow)"},
		{"explain unknown rule", op, []string{"explain", "nope"}, 2, `unknown rule "nope"`},
		{"explain without rule", op, []string{"explain"}, 2, "explain needs a rule name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := run(t, tc.dir, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, stderr)
			}
			if !strings.Contains(stderr, tc.contains) {
				t.Errorf("stderr does not contain %q:\n%s", tc.contains, stderr)
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
				t.Errorf("panic:\n%s", stderr)
			}
		})
	}
}

// TestVendorWithoutCode runs on a module whose vendor directory does not hold its
// dependencies (a module downloaded from the proxy keeps vendor/modules.txt and drops
// the code), with the go command's default -mod=vendor: the go command's reason comes
// first, with what to do.
func TestVendorWithoutCode(t *testing.T) {
	t.Parallel()
	vendored := t.TempDir()
	os.MkdirAll(filepath.Join(vendored, "dep"), 0o755)
	os.MkdirAll(filepath.Join(vendored, "m", "vendor"), 0o755)
	os.WriteFile(filepath.Join(vendored, "dep", "go.mod"), []byte("module example.com/dep\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(vendored, "dep", "dep.go"), []byte("package dep\n\nfunc D() {}\n"), 0o644)
	os.WriteFile(filepath.Join(vendored, "m", "go.mod"), []byte("module example.com/m\n\ngo 1.26\n\nrequire example.com/dep v1.0.0\n\nreplace example.com/dep => ../dep\n"), 0o644)
	os.WriteFile(filepath.Join(vendored, "m", "m.go"), []byte("package m\n\nimport \"example.com/dep\"\n\nfunc F() { dep.D() }\n"), 0o644)
	os.WriteFile(filepath.Join(vendored, "m", "vendor", "modules.txt"), []byte("# example.com/dep v1.0.0 => ../dep\n## explicit; go 1.26\nexample.com/dep\n# example.com/dep => ../dep\n"), 0o644)
	want := "reconcilelint: the vendor directory of example.com/m does not match go.mod (the go command uses -mod=vendor when it exists): run `go mod vendor` first, or run reconcilelint with GOFLAGS=-mod=mod\n" +
		"reconcilelint: package example.com/m is not analysed: its import example.com/dep did not load: cannot find module providing package example.com/dep: import lookup disabled by -mod=vendor"
	out, stderr, code := runEnv(t, filepath.Join(vendored, "m"), []string{"GOFLAGS="}, "", "./...")
	if code != 3 || !strings.HasPrefix(stderr, want) || out != "" {
		t.Errorf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s\nwant stderr to begin with:\n%s", code, out, stderr, want)
	}
}

func TestMalformedDirective(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/d\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "d.go"), []byte("package d\n\nfunc F() {} //reconcilelint:ignore sleep\n\n//reconcilelint:frobnicate\nfunc G() {}\n"), 0o644)
	out, stderr, code := run(t, dir, "", "./...")
	if code != 1 {
		t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		"d.go:3:13: directive: reconcilelint:ignore sleep needs a reason",
		"d.go:5:1: directive: unknown directive reconcilelint:frobnicate",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestHelpAndExplain(t *testing.T) {
	t.Parallel()
	dir := repoRoot(t)
	out, _, code := run(t, dir, "", "help")
	if code != 0 || !strings.Contains(out, "sleep") || !strings.Contains(out, "requeue") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	// explain prints docs/rules/sleep.md rendered for a terminal, with its run-time
	// section (help leaves it out).
	doc, _ := os.ReadFile(filepath.Join(dir, "docs", "rules", "sleep.md"))
	out, _, code = run(t, dir, "", "explain", "sleep")
	title := strings.TrimPrefix(lines(string(doc))[1], "# ")
	if code != 0 || !strings.HasPrefix(out, title+"\n===") || !strings.Contains(out, "Bad:") ||
		!strings.Contains(out, "What happens at run time\n---") || strings.Contains(out, "<!--") {
		t.Errorf("explain sleep does not print docs/rules/sleep.md: exit %d\n%s", code, out)
	}
	out, _, code = run(t, dir, "", "help", "requeue")
	if code != 0 || !strings.Contains(out, "RequeueAfter") {
		t.Errorf("help requeue: exit %d\n%s", code, out)
	}
}

// TestVetToolConfigChange: the go command caches vet results by tool ID and flags, not
// by the files a tool reads. A change of .reconcilelint.yaml must still take effect on
// unchanged packages: the tool ID (-V=full) hashes the configuration.
func TestVetToolConfigChange(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	cfg := filepath.Join(dir, ".reconcilelint.yaml")
	if err := os.WriteFile(cfg, []byte("disable: [sleep, requeue, goroutine]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Twice: the second run replays the cached (clean) result.
	for i := 0; i < 2; i++ {
		if _, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./..."); code != 0 {
			t.Fatalf("run %d with the rules disabled: go vet exited %d:\n%s", i, code, stderr)
		}
	}
	if err := os.WriteFile(cfg, []byte("disable: [requeue, goroutine]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code == 0 || !strings.Contains(stderr, "time.Sleep") {
		t.Fatalf("after enabling sleep in the configuration, go vet exited %d without its findings (a stale cached result?):\n%s", code, stderr)
	}
	if strings.Contains(stderr, "Result.Requeue re-adds") {
		t.Errorf("requeue is still disabled, but go vet reported it:\n%s", stderr)
	}
}

// yamlJSON decodes a YAML document into v through JSON, so that v's json tags are the
// keys (as the driver decodes its configuration); strict makes unknown keys errors.
func yamlJSON(data []byte, v any, strict bool) error {
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if strict {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}
