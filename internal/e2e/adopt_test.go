package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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
	// Standard output holds the patch and nothing else, and -diff exits 0 although
	// findings without a fix remain (on standard error): the documented
	// `reconcilelint -diff ./... > fix.patch && git apply fix.patch` applies.
	out, stderr, code := run(t, filepath.Join(dir, "controllers"), "", "-diff", "./...")
	if code != 0 || !strings.HasPrefix(out, "--- a/controllers/configmap_controller.go\n+++ b/controllers/configmap_controller.go\n") {
		t.Fatalf("-diff: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, l := range lines(out) {
		if !regexp.MustCompile(`^([-+ @]|\\ No newline)`).MatchString(l) && l != "" {
			t.Errorf("-diff: a line on standard output that is not part of the patch: %q", l)
		}
	}
	if !strings.Contains(stderr, "time.Sleep") {
		t.Errorf("-diff: the findings without a fix are not on standard error:\n%s", stderr)
	}
	// The documented route, through a shell.
	if _, stderr, code := run(t, dir, "sh", "-c", binary+" -q -diff ./... > fix.patch && git apply --check fix.patch && rm fix.patch"); code != 0 {
		t.Fatalf("reconcilelint -diff ./... > fix.patch && git apply fix.patch: exit %d\n%s", code, stderr)
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
	// Nothing fixable is said, with either flag; -fix exits 1 (findings remain), -diff
	// 0 (an empty patch).
	for flag, want := range map[string]int{"-diff": 0, "-fix": 1} {
		out, stderr, code := run(t, dir, "", flag, "-enable=", "-disable=requeue", "./...")
		if out != "" || code != want || !strings.Contains(stderr, "nothing to fix: no automatic fix for the 3 findings") {
			t.Errorf("%s with nothing fixable: exit %d (want %d), stdout %q\nstderr:\n%s", flag, code, want, out, stderr)
		}
	}
}

// TestSummaryAndGrammar: every run ends with one summary line on standard error (also
// when there are no findings, in every format); -q silences it; "applied 1 fix".
func TestSummaryAndGrammar(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	summary := regexp.MustCompile(`(?m)\Areconcilelint: 3 packages, 6 findings \(requeue 3, sleep 2, goroutine 1\), \d+\.\ds\n\z`)
	out, stderr, code := run(t, dir, "", "./...")
	if code != 1 || !summary.MatchString(stderr) {
		t.Errorf("summary: exit %d\nstderr:\n%s", code, stderr)
	}
	if strings.Contains(out, "reconcilelint:") {
		t.Errorf("the summary is on standard output:\n%s", out)
	}
	// The same line for machine formats, on standard error: standard output stays JSON.
	out, stderr, _ = run(t, dir, "", "-format=json", "./...")
	if !summary.MatchString(stderr) || !json.Valid([]byte(out)) {
		t.Errorf("json: stderr:\n%s", stderr)
	}
	// A clean run says what it analysed.
	if out, stderr, code := run(t, dir, "", "./cmd/..."); code != 0 || out != "" ||
		!regexp.MustCompile(`\Areconcilelint: 1 package, 0 findings, \d+\.\ds\n\z`).MatchString(stderr) {
		t.Errorf("clean run: exit %d %q %q", code, out, stderr)
	}
	// -q: nothing on standard error but findings' problems.
	if out, stderr, code := run(t, dir, "", "-q", "./cmd/..."); code != 0 || out != "" || stderr != "" {
		t.Errorf("-q clean run: exit %d %q %q", code, out, stderr)
	}
	// Standard error is not a terminal here: no progress line (no carriage return).
	if strings.Contains(stderr, "\r") {
		t.Errorf("progress written to a pipe: %q", stderr)
	}
	_, stderr, _ = run(t, dir, "", "-fix", "-disable=all", "-enable=requeue", "./...")
	if !strings.Contains(stderr, "applied 2 fixes") {
		t.Errorf("-fix: %s", stderr)
	}
	_, stderr, code = run(t, dir, "", "-fix", "-disable=all", "-enable=requeue", "./...")
	if code != 1 || !strings.Contains(stderr, "nothing to fix: no automatic fix for the 1 finding,") {
		t.Errorf("-fix again: exit %d %s", code, stderr)
	}
}
