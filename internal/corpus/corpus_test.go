package corpus_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/internal/corpus"
)

// modules are the operators of `make bench` and the two libraries every controller
// builds on.
var modules = append(append([]corpus.Module{}, corpus.Operators...), corpus.Libraries...)

// Lines of the driver's standard error (internal/driver).
var (
	// A package that go/packages could not load or type-check.
	// The first line of its description; the errors follow, one a line, indented.
	// A package that is not analysed because an import did not load or type-check is
	// reported the same way ("is not analysed: its import ...").
	typeCheckLine = regexp.MustCompile(`^reconcilelint: package (\S+) (?:does not type-check(?: \(\d+ errors?\))?|is not analysed):(.*)$`)
	// Lines about the module's state (driver.Explain's hints) and the summary line that
	// ends every run.
	unloadedLine = regexp.MustCompile(`^reconcilelint: (?:the go\.sum of |a module the build needs |the vendor directory |go\.mod |an import is provided by no module|\d+ packages?[ ,])`)
	// An analyzer's action failed: its error, or a panic the driver recovered.
	analyzerLine = regexp.MustCompile(`^reconcilelint: ([a-z0-9]+) on (\S+): (.*)$`)
)

// TestCorpus runs every rule (-enable=all -json) on every package of the corpus modules
// and fails on a panic, an analyzer error or an internal error, and on a package that
// the driver does not type-check although the go command builds it. Packages that do
// not build for reasons outside reconcilelint are logged as skipped, with the reason.
//
// It downloads the modules through the module proxy and takes minutes: it runs only with
// RECONCILELINT_CORPUS=1 (`make corpus`). RECONCILELINT_CORPUS_DIR sets where the
// writable copies go (default: the user cache directory); RECONCILELINT_CORPUS_MODULES
// (comma-separated names) selects modules.
func TestCorpus(t *testing.T) {
	if os.Getenv("RECONCILELINT_CORPUS") != "1" {
		t.Skip("set RECONCILELINT_CORPUS=1 to run reconcilelint on the corpus of real modules (make corpus)")
	}
	work := os.Getenv("RECONCILELINT_CORPUS_DIR")
	if work == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Fatal(err)
		}
		work = filepath.Join(cache, "reconcilelint-corpus")
	}
	bin := filepath.Join(t.TempDir(), "reconcilelint")
	build := exec.Command("go", "build", "-o", bin, "github.com/reconcilelint/reconcilelint/cmd/reconcilelint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building reconcilelint: %v\n%s", err, out)
	}
	var only map[string]bool
	if s := os.Getenv("RECONCILELINT_CORPUS_MODULES"); s != "" {
		only = map[string]bool{}
		for _, n := range strings.Split(s, ",") {
			only[strings.TrimSpace(n)] = true
		}
	}
	var summary []string
	for _, m := range modules {
		if only != nil && !only[m.Name] {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			dir := filepath.Join(work, m.Name)
			if err := corpus.Prepare(dir, m.Path+"@"+m.Version, m.Replace); err != nil {
				t.Fatalf("preparing %s@%s: %v", m.Path, m.Version, err)
			}
			r := check(t, bin, dir)
			line := fmt.Sprintf("%s %s: %d packages, %d findings, %d skipped, %v",
				m.Name, m.Version, r.packages, r.findings, len(r.skipped), r.wall.Round(100*time.Millisecond))
			summary = append(summary, line)
			t.Log(line)
			for _, s := range r.skipped {
				t.Logf("skipped %s", s)
			}
			for _, rule := range sortedKeys(r.byRule) {
				t.Logf("  %-18s %d", rule, r.byRule[rule])
			}
		})
	}
	t.Logf("corpus on %s/%s, %d CPUs, %s:\n%s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(),
		strings.Join(summary, "\n"))
}

type result struct {
	packages, findings int
	byRule             map[string]int
	skipped            []string // "package: reason"
	wall               time.Duration
}

// check runs reconcilelint on ./... in dir; where the go command cannot load ./... as a
// whole, it runs it on each package.
func check(t *testing.T, bin, dir string) *result {
	pkgs := listPackages(t, dir)
	r := &result{packages: len(pkgs), byRule: map[string]int{}}
	// Warm the build cache first (the driver loads dependencies from export data), so
	// that the wall time is reconcilelint's. A package that does not build is dealt
	// with below.
	if out, err := goCmd(dir, "build", "./..."); err != nil {
		t.Logf("go build ./...: %v: %s", err, firstLine(out))
	}
	builds := func(pkg string) (bool, string) {
		out, err := goCmd(dir, "build", pkg)
		return err == nil, firstLine(out)
	}
	start := time.Now()
	stdout, stderr, code := runTool(t, bin, dir, "./...")
	if code == 2 {
		// Usage error: the pattern did not load as a whole (for example, a package
		// whose go list fails). One run per package.
		t.Logf("./... did not load (%s); one run per package", firstLine(stderr))
		for _, p := range pkgs {
			o, e, c := runTool(t, bin, dir, p)
			report(t, r.add(p, o, e, c, builds))
		}
	} else {
		report(t, r.add("./...", stdout, stderr, code, builds))
	}
	r.wall = time.Since(start)
	return r
}

// add checks one run's output, adds its findings and skipped packages to r, and returns
// the problems that are ours. builds reports whether the go command builds a package,
// and why not.
func (r *result) add(pattern string, stdout, stderr []byte, code int, builds func(pkg string) (bool, string)) []string {
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if code != 0 && code != 1 && code != 3 {
		fail("reconcilelint %s: exit %d\n%s", pattern, code, stderr)
		return problems
	}
	if bytes.Contains(stderr, []byte("panic")) || bytes.Contains(stderr, []byte("internal error")) {
		fail("reconcilelint %s: panic or internal error:\n%s", pattern, stderr)
	}
	notTypeChecked := 0
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := typeCheckLine.FindStringSubmatch(line); m != nil {
			notTypeChecked++
			// Ours if the go command builds the package: the driver's load failed.
			if ok, why := builds(m[1]); ok {
				fail("reconcilelint does not type-check %s, which go build builds: %s", m[1], m[2])
			} else {
				r.skipped = append(r.skipped, fmt.Sprintf("%s: does not build: %s", m[1], why))
			}
			continue
		}
		if unloadedLine.MatchString(line) {
			continue
		}
		if m := analyzerLine.FindStringSubmatch(line); m != nil {
			fail("analyzer %s failed on %s: %s", m[1], m[2], m[3])
			continue
		}
		if strings.HasPrefix(line, "reconcilelint: ") {
			fail("unexpected line on standard error: %s", line)
		}
		// Other lines continue a reported error (stack traces): the error is reported.
	}
	if code == 3 && notTypeChecked == 0 && len(problems) == 0 {
		fail("reconcilelint %s: exit 3 without a reason on standard error:\n%s", pattern, stderr)
	}
	// The JSON tree: package ID → analyzer → diagnostics, or {"error": ...} for a failed
	// action (also the actions of passes on dependencies, which standard error does not
	// show).
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout, &tree); err != nil {
		fail("reconcilelint %s: output is not the JSON tree: %v\n%.2000s", pattern, err, stdout)
		return problems
	}
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var failed struct {
				Error string `json:"error"`
			}
			if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
				fail("analyzer %s failed on %s: %s", name, pkg, firstLine([]byte(failed.Error)))
				continue
			}
			var diags []json.RawMessage
			if err := json.Unmarshal(raw, &diags); err != nil {
				fail("%s %s: unexpected JSON %.200s", pkg, name, raw)
				continue
			}
			r.findings += len(diags)
			r.byRule[name] += len(diags)
		}
	}
	return problems
}

func report(t *testing.T, problems []string) {
	t.Helper()
	for _, p := range problems {
		t.Error(p)
	}
}

// listPackages returns the import paths of the module's packages (./...).
func listPackages(t *testing.T, dir string) []string {
	cmd := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}}", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr // "go: downloading" lines are not packages
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./... in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	return strings.Fields(string(out))
}

func runTool(t *testing.T, bin, dir string, pattern string) (stdout, stderr []byte, code int) {
	cmd := exec.Command(bin, "-enable=all", "-json", pattern)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running reconcilelint: %v", err)
	}
	return o.Bytes(), e.Bytes(), code
}

func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
