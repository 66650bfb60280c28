package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/sarif"
)

// TestSARIF validates the SARIF output against the SARIF 2.1.0 schema and checks rule
// metadata, locations and fixes.
func TestSARIF(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	out, stderr, code := run(t, dir, "", "-format=sarif", "./...")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rep, err := sarif.Parse([]byte(out))
	if err != nil {
		t.Fatalf("not SARIF: %v", err)
	}
	if err := rep.Validate(); err != nil {
		t.Fatalf("SARIF does not validate against the 2.1.0 schema: %v", err)
	}
	if len(rep.Runs) != 1 {
		t.Fatalf("%d runs", len(rep.Runs))
	}
	run := rep.Runs[0]
	want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if len(run.Results) != len(lines(string(want))) {
		t.Errorf("%d results, want %d", len(run.Results), len(lines(string(want))))
	}
	rules := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = true
		if !strings.HasSuffix(r.HelpURI, "/docs/rules/"+r.ID+".md") || r.ShortDescription == nil || r.ShortDescription.Text == "" {
			t.Errorf("rule %s lacks help URI or description", r.ID)
		}
	}
	// Paths are relative to the repository root, %SRCROOT%, declared as its file URI:
	// here the checkout this test runs in.
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; base != "file://"+repoRoot(t)+"/" {
		t.Errorf("originalUriBaseIds[%%SRCROOT%%] = %q, want the repository root %s", base, repoRoot(t))
	}
	fixes := 0
	for _, res := range run.Results {
		if !rules[res.RuleID] {
			t.Errorf("result with unknown rule %q", res.RuleID)
		}
		loc := res.Locations[0].PhysicalLocation
		if !strings.HasPrefix(loc.ArtifactLocation.URI, "testdata/e2e/operator/controllers/") || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
			loc.Region == nil || loc.Region.StartLine < 1 {
			t.Errorf("bad location %+v", loc)
		}
		fixes += len(res.Fixes)
	}
	if fixes != 2 {
		t.Errorf("%d fixes in SARIF, want 2", fixes)
	}
}

func TestGitHubFormatAndOutputFile(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	file := filepath.Join(t.TempDir(), "findings.txt")
	out, _, code := run(t, dir, "", "-format=github", "-output="+file, "./...")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	data, _ := os.ReadFile(file)
	ls := lines(string(data))
	want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if len(ls) != len(lines(string(want))) {
		t.Fatalf("got %d lines:\n%s", len(ls), data)
	}
	for _, l := range ls {
		if !strings.HasPrefix(l, "::warning file=testdata/e2e/operator/controllers/") || !strings.Contains(l, ",line=") || !strings.Contains(l, ",title=reconcilelint ") {
			t.Errorf("not a workflow command: %s", l)
		}
	}
	if _, stderr, code := run(t, dir, "", "-format=xml", "./..."); code != 2 || !strings.Contains(stderr, `unknown -format "xml"`) {
		t.Errorf("bad format: exit %d %s", code, stderr)
	}
}

// TestDeterministic checks that every format gives the same bytes on two runs.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	for _, f := range []string{"text", "json", "sarif", "github"} {
		a, _, _ := run(t, dir, "", "-format="+f, "./...")
		b, _, _ := run(t, dir, "", "-format="+f, "./...")
		if a != b || a == "" {
			t.Errorf("format %s: output differs between runs or is empty", f)
		}
	}
}

// TestBaseline records the findings, then checks that they are not reported again, that
// they stay matched when unrelated lines move, and that a new finding is reported.
func TestBaseline(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	expected, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
	n := len(lines(string(expected)))
	base := filepath.Join(dir, "baseline.json")
	if _, stderr, code := run(t, dir, "", "-write-baseline="+base, "./..."); code != 0 || !strings.Contains(stderr, fmt.Sprintf(" %d findings (", n)) || !strings.Contains(stderr, "recorded in "+base) {
		t.Fatalf("write-baseline: exit %d %s", code, stderr)
	}
	out, stderr, code := run(t, dir, "", "-baseline="+base, "./...")
	if code != 0 || out != "" || !strings.Contains(stderr, fmt.Sprintf("%d findings are in the baseline", n)) {
		t.Fatalf("with baseline: exit %d\n%s\n%s", code, out, stderr)
	}
	// Move every finding down by unrelated lines.
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	src, _ := os.ReadFile(file)
	moved := strings.Replace(string(src), "// ConfigMapReconciler copies", "// unrelated comment\n// another one\n\n// ConfigMapReconciler copies", 1)
	os.WriteFile(file, []byte(moved), 0o644)
	if out, _, code := run(t, dir, "", "-baseline="+base, "./..."); code != 0 || out != "" {
		t.Fatalf("after moving lines: exit %d\n%s", code, out)
	}
	// A new finding is reported; the old ones stay covered.
	added := strings.Replace(moved, "\tlogger.Info(\"reconciled\")", "\ttime.Sleep(time.Millisecond)\n\tlogger.Info(\"reconciled\")", 1)
	os.WriteFile(file, []byte(added), 0o644)
	out, _, code = run(t, dir, "", "-baseline="+base, "./...")
	if code != 1 || len(lines(out)) != 1 || !strings.Contains(out, "sleep: time.Sleep blocks") {
		t.Fatalf("new finding: exit %d\n%s", code, out)
	}
	// A malformed baseline is a usage error.
	os.WriteFile(base, []byte(`{"version": 1, "bogus": true}`), 0o644)
	if _, stderr, code := run(t, dir, "", "-baseline="+base, "./..."); code != 2 || !strings.Contains(stderr, "unknown field") {
		t.Errorf("bad baseline: exit %d %s", code, stderr)
	}
}

// TestConfigFile checks the configuration file found upward, exclude globs, and the
// config subcommand.
func TestConfigFile(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte("disable: [requeue, goroutine]\nrules:\n  sleep:\n    allow: [backoff.UntilReady]\n"), 0o644)
	out, _, code := run(t, filepath.Join(dir, "controllers"), "", "./...")
	if code != 1 || len(lines(out)) != 1 || !strings.Contains(out, "time.Sleep") {
		t.Errorf("config found upward not applied: exit %d\n%s", code, out)
	}
	out, _, code = run(t, dir, "", "config")
	var eff struct {
		Enabled []string `json:"enabledRules"`
	}
	if err := json.Unmarshal([]byte(out), &eff); code != 0 || err != nil || slices.Contains(eff.Enabled, "requeue") ||
		!slices.Contains(eff.Enabled, "sleep") || !strings.Contains(out, "backoff.UntilReady") {
		t.Errorf("config: exit %d, %v\n%s", code, err, out)
	}
	os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte("exclude: [\"controllers/*_controller.go\"]\n"), 0o644)
	if out, _, code := run(t, dir, "", "./..."); code != 0 || out != "" {
		t.Errorf("exclude: exit %d\n%s", code, out)
	}
	// The vet tool runs in each package's directory; the globs are relative to the
	// configuration file's directory.
	if _, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./..."); code != 0 {
		t.Errorf("exclude through go vet: exit %d\n%s", code, stderr)
	}
	os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte("rules:\n  sleep:\n    allow: [\"has space\"]\n"), 0o644)
	if _, stderr, code := run(t, dir, "", "./..."); code != 2 || !strings.Contains(stderr, "rules.sleep.allow[0]") {
		t.Errorf("bad value: exit %d %s", code, stderr)
	}
}
