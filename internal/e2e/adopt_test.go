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
