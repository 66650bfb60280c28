package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileArguments: files as pre-commit passes them select their packages, and only
// the findings in the named files are reported; the chain through another package
// (backoff.UntilReady) is still followed.
func TestFileArguments(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	want, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	only := func(prefix string) string {
		var b strings.Builder
		for _, l := range lines(string(want)) {
			if strings.HasPrefix(l, prefix) {
				b.WriteString(l + "\n")
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		// Two files of two packages; the backoff package has no finding of its own.
		{"files of two packages", []string{"controllers/configmap_controller.go", "internal/backoff/backoff.go"}, 1, only("controllers/configmap_controller.go:")},
		// The other file of the same package: its findings only, not configmap's.
		{"one file", []string{"controllers/secret_controller.go"}, 1, only("controllers/secret_controller.go:")},
		// A file without findings in a package with findings: clean.
		{"clean file", []string{"internal/backoff/backoff.go", "cmd/manager/main.go"}, 0, ""},
		// A package pattern next to a file reports its package whole.
		{"file and pattern", []string{"internal/backoff/backoff.go", "./controllers"}, 1, string(want)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := run(t, dir, "", tc.args...)
			if code != tc.code || out != tc.want {
				t.Errorf("reconcilelint %s: exit %d (want %d)\n--- got\n%s--- want\n%s--- stderr\n%s", strings.Join(tc.args, " "), code, tc.code, out, tc.want, stderr)
			}
		})
	}
	if _, stderr, code := run(t, dir, "", "controllers/nope.go"); code != 2 || !strings.Contains(stderr, "controllers/nope.go") {
		t.Errorf("missing file: exit %d, want 2 with the file named:\n%s", code, stderr)
	}
}

// TestVetToolBadConfig: go vet discards the standard error of the tool's -flags answer;
// the reason of a bad configuration must still reach the user.
func TestVetToolBadConfig(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	if err := os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte("rules:\n  sleep:\n    alow: [x]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code == 0 || !strings.Contains(stderr, "rules.sleep.alow: unknown key (known: allow)") || !strings.Contains(stderr, ".reconcilelint.yaml") {
		t.Errorf("go vet with a bad configuration: exit %d, want non-zero with the file and the reason:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "-flags failed") {
		t.Errorf("the -flags handshake still fails:\n%s", stderr)
	}
}

// TestExcludeFromSubdirectory: exclude globs are relative to the configuration file's
// directory, not to the directory the command runs in.
func TestExcludeFromSubdirectory(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	if err := os.WriteFile(filepath.Join(dir, ".reconcilelint.yaml"), []byte("exclude: [\"controllers/configmap_*.go\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, wd := range []string{dir, filepath.Join(dir, "controllers"), filepath.Join(dir, "cmd")} {
		pattern := "./..."
		if wd != dir {
			pattern = "../..."
		}
		out, stderr, code := run(t, wd, "", pattern)
		if code != 1 || strings.Contains(out, "configmap_controller.go") || !strings.Contains(out, "secret_controller.go") {
			t.Errorf("from %s: exit %d, want only secret_controller.go's finding:\n%s%s", wd, code, out, stderr)
		}
	}
	// The same from a subdirectory through go vet.
	_, stderr, _ := run(t, filepath.Join(dir, "controllers"), "go", "vet", "-vettool="+binary, ".")
	if strings.Contains(stderr, "configmap_controller.go") || !strings.Contains(stderr, "secret_controller.go") {
		t.Errorf("go vet from controllers/: want only secret_controller.go's finding:\n%s", stderr)
	}
}

// TestDiffAppliesWithGit: -diff names files from the module root in git's a/ b/ form,
// so that git apply takes it, from whatever directory it was made.
func TestDiffAppliesWithGit(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "x"}} {
		if _, stderr, code := run(t, dir, "git", args...); code != 0 {
			t.Fatalf("git %v: %s", args, stderr)
		}
	}
	// Made from a subdirectory: the paths are still the module root's.
	out, stderr, code := run(t, filepath.Join(dir, "controllers"), "", "-diff", "./...")
	if code != 1 || !strings.Contains(out, "--- a/controllers/configmap_controller.go\n+++ b/controllers/configmap_controller.go\n") {
		t.Fatalf("-diff: exit %d\n%s\n%s", code, out, stderr)
	}
	if !strings.Contains(stderr, "2 fixes printed as a diff") {
		t.Errorf("-diff does not say how many fixes it printed:\n%s", stderr)
	}
	patch := filepath.Join(t.TempDir(), "fix.patch")
	os.WriteFile(patch, []byte(out), 0o644)
	if _, stderr, code := run(t, dir, "git", "apply", "--check", patch); code != 0 {
		t.Fatalf("git apply --check rejects the -diff output:\n%s\n%s", stderr, out)
	}
	if _, stderr, code := run(t, dir, "git", "apply", patch); code != 0 {
		t.Fatal(stderr)
	}
	// Applied, the fixable findings are gone.
	after, _, _ := run(t, dir, "", "./...")
	if strings.Contains(after, "no effect next to a positive RequeueAfter") || !strings.Contains(after, "time.Sleep") {
		t.Errorf("after git apply:\n%s", after)
	}
	// Nothing fixable is said, with either flag.
	for _, flag := range []string{"-diff", "-fix"} {
		out, stderr, _ := run(t, dir, "", flag, "-enable=", "-disable=requeue", "./...")
		if out != "" || !strings.Contains(stderr, "nothing to fix: no automatic fix for the 3 findings") {
			t.Errorf("%s with nothing fixable: stdout %q\nstderr:\n%s", flag, out, stderr)
		}
	}
}

// TestSummaryAndGrammar: the text output ends with a summary line on standard error;
// "applied 1 fix".
func TestSummaryAndGrammar(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	out, stderr, code := run(t, dir, "", "./...")
	if code != 1 || !strings.HasSuffix(stderr, "reconcilelint: 6 findings in 1 package: requeue 3, sleep 2, goroutine 1\n") {
		t.Errorf("summary: exit %d\nstderr:\n%s", code, stderr)
	}
	if strings.Contains(out, "findings in") {
		t.Errorf("the summary is on standard output:\n%s", out)
	}
	// Other formats are for machines: no summary.
	if _, stderr, _ := run(t, dir, "", "-format=json", "./..."); strings.Contains(stderr, "findings in") {
		t.Errorf("json output with a summary:\n%s", stderr)
	}
	// A clean run prints nothing.
	if out, stderr, code := run(t, dir, "", "./cmd/..."); code != 0 || out != "" || stderr != "" {
		t.Errorf("clean run: exit %d %q %q", code, out, stderr)
	}
	_, stderr, _ = run(t, dir, "", "-fix", "-disable=all", "-enable=requeue", "./...")
	if !strings.Contains(stderr, "applied 2 fixes") {
		t.Errorf("-fix: %s", stderr)
	}
	_, stderr, _ = run(t, dir, "", "-fix", "-disable=all", "-enable=requeue", "./...")
	if !strings.Contains(stderr, "nothing to fix: no automatic fix for the 1 finding\n") {
		t.Errorf("-fix again: %s", stderr)
	}
}
