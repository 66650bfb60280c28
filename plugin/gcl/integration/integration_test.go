package integration

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/brokencorpus"
)

// The integration test runs the custom golangci-lint on the modules under
// testdata/integration (each on the real controller-runtime, with its own
// .golangci.yml). `make plugin-test` builds the binary and passes it in GCL_BIN; without
// it TestMain builds one (unstamped) itself.

var gclBin, gclCache string

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	// One result cache for the whole run: the scenarios share controller-runtime, whose
	// facts golangci-lint then analyses once; their own packages differ in module path.
	cache, err := os.MkdirTemp("", "gcl-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(cache)
	gclCache = cache
	gclBin = os.Getenv("GCL_BIN")
	if gclBin == "" {
		dir, err := os.MkdirTemp("", "gcl")
		if err != nil {
			panic(err)
		}
		gclBin = filepath.Join(dir, "golangci-lint-reconcilelint")
		cmd := exec.Command("go", "build", "-o", gclBin, "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
			return 1
		}
		defer os.RemoveAll(dir)
	}
	return m.Run()
}

// scenario copies testdata/integration/name to a temporary directory, so that --fix
// and golangci-lint's files never touch the repository.
func scenario(t *testing.T, name string) string {
	src := filepath.Join("..", "..", "..", "testdata", "integration", name)
	dst := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

type result struct {
	stdout, stderr string
	code           int
}

// run runs the binary in dir offline, with the test's own result cache, printing issues as
// `file:line:col: text (linter)` without source lines, colors or statistics.
func run(t *testing.T, bin, dir string, args ...string) result {
	return runArgs(t, bin, dir, nil, append(args, "./..."))
}

// runArgs is run with more environment variables and the patterns given.
func runArgs(t *testing.T, bin, dir string, env []string, args []string) result {
	args = append([]string{"run",
		"--output.text.path=stdout", "--output.text.print-issued-lines=false", "--output.text.colors=false",
		"--show-stats=false"}, args...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(),
		"GOPROXY=off", "GOFLAGS=-mod=readonly",
		"GOLANGCI_LINT_CACHE="+gclCache), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	t.Logf("golangci-lint %s (in %s): exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), dir, code, stdout.String(), stderr.String())
	return result{stdout.String(), stderr.String(), code}
}

func readFile(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestScenarios checks the exact issues of each scenario against its expected.txt:
// (a) defaults, (b) a rule disabled in the settings, (c) a per-rule option.
func TestScenarios(t *testing.T) {
	bin := gclBin
	for _, name := range []string{"defaults", "disabled", "option"} {
		t.Run(name, func(t *testing.T) {
			dir := scenario(t, name)
			r := run(t, bin, dir)
			want := readFile(t, filepath.Join(dir, "expected.txt"))
			if r.stdout != want {
				t.Errorf("issues differ from testdata/integration/%s/expected.txt\ngot:\n%s\nwant:\n%s\nstderr:\n%s", name, r.stdout, want, r.stderr)
			}
			// golangci-lint exits 1 when it reports issues.
			if wantCode := map[bool]int{true: 1, false: 0}[want != ""]; r.code != wantCode {
				t.Errorf("exit code %d, want %d\nstderr:\n%s", r.code, wantCode, r.stderr)
			}
		})
	}
}

// TestUnknownKey checks (d): a misspelt settings key stops golangci-lint with an error
// that names the key's path, and a non-zero exit code.
func TestUnknownKey(t *testing.T) {
	bin := gclBin
	r := run(t, bin, scenario(t, "badkey"))
	if r.code == 0 || r.code == 1 {
		t.Errorf("exit code %d, want a failure other than 1 (issues found)", r.code)
	}
	const want = "reconcilelint settings: rules.sleep.alow: unknown key (known here: allow)"
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr does not contain %q:\n%s", want, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("issues were reported:\n%s", r.stdout)
	}
}

// TestFix checks (e): --fix applies the requeue rule's suggested fixes; every file
// with a .golden twin must equal it afterwards, and a second run finds nothing.
func TestFix(t *testing.T) {
	bin := gclBin
	dir := scenario(t, "fix")
	run(t, bin, dir, "--fix")
	goldens, _ := filepath.Glob(filepath.Join(dir, "*", "*.golden"))
	if len(goldens) == 0 {
		t.Fatal("no .golden files in testdata/integration/fix")
	}
	for _, g := range goldens {
		got := readFile(t, strings.TrimSuffix(g, ".golden"))
		if want := readFile(t, g); got != want {
			t.Errorf("%s after --fix:\n%s\nwant:\n%s", strings.TrimSuffix(filepath.Base(g), ".golden"), got, want)
		}
	}
	if r := run(t, bin, dir); r.stdout != "" || r.code != 0 {
		t.Errorf("after --fix: exit %d, issues:\n%s", r.code, r.stdout)
	}
}

// TestBrokenModules runs the custom golangci-lint on every module of the broken-module
// corpus (internal/brokencorpus). golangci-lint loads the packages itself and reports
// what it cannot load or type-check (its "typecheck" issues, or a failed load): a case
// the corpus marks as failing must fail with the corpus's message, the others must pass;
// nothing panics. The plugin itself never hides a package: it is given only packages
// golangci-lint could load.
func TestBrokenModules(t *testing.T) {
	bin := gclBin
	for _, c := range brokencorpus.Cases {
		t.Run(c.Name, func(t *testing.T) {
			dir, err := c.Prepare(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte("version: \"2\"\nlinters:\n  default: none\n  enable: [reconcilelint]\n  settings:\n    custom:\n      reconcilelint:\n        type: module\n"), 0o644)
			r := runArgs(t, bin, dir, c.Env, c.Args())
			if (r.code != 0) != c.GCLFails {
				t.Errorf("exit %d, want failure %v\nstdout:\n%s\nstderr:\n%s", r.code, c.GCLFails, r.stdout, r.stderr)
			}
			all := r.stdout + r.stderr
			for _, w := range c.GCLOutput {
				if !strings.Contains(all, w) {
					t.Errorf("output lacks %q:\n%s", w, all)
				}
			}
			for _, bad := range []string{"panic:", "fatal error:"} {
				if strings.Contains(all, bad) {
					t.Errorf("%q in the output:\n%s", bad, all)
				}
			}
		})
	}
}
