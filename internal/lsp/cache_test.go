package lsp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestResultCache: a file opened in a package whose result the command line stored
// is shown from the result cache (no load), with the diagnostics a server without the
// cache shows; the first edit is analysed from the snapshot loaded after the replay.
// A package changed on disk since is not replayed. A result the server computed is
// stored: the next server replays it.
func TestResultCache(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "operator")
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(orig)
	edited := strings.Replace(text, "\tlogger.Info(\"reconciled\")\n", "\ttime.Sleep(time.Second)\n\tlogger.Info(\"reconciled\")\n", 1)
	if edited == text {
		t.Fatal("the edit did not apply")
	}

	// What a server without the cache shows, before and after the edit.
	cold := startEnv(t, dir, 50, []string{"RECONCILELINT_CACHE=off"})
	cold.open(file, text)
	want := summary(cold.waitDiags(file, 1))
	cold.change(file, 2, edited)
	wantEdited := summary(cold.waitDiags(file, 2))
	if equal(want, wantEdited) {
		t.Fatalf("the edit changed no diagnostic: %v", want)
	}

	cache := t.TempDir()
	env := []string{"RECONCILELINT_CACHE=" + cache}
	cmd := exec.Command(binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod"), env...)
	if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("reconcilelint ./...: %v\n%s", err, out)
	}

	t.Run("replayed", func(t *testing.T) {
		c := startEnv(t, dir, 50, env)
		c.open(file, text)
		if got := summary(c.waitDiags(file, 1)); !equal(got, want) {
			t.Fatalf("replayed diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !logged(c, "replayed") {
			t.Errorf("the opened package was not replayed from the result cache; server log:\n%s", c.stderr.String())
		}
		c.change(file, 2, edited)
		if got := summary(c.waitDiags(file, 2)); !equal(got, wantEdited) {
			t.Fatalf("diagnostics after the edit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantEdited, "\n"))
		}
		// The load after the replay took the package's same-module import
		// (internal/backoff) from export data, with its facts from the cache.
		if !logged(c, "after a cached result (0 same-module imports from source, 1 with facts from the result cache)") {
			t.Errorf("the load after the replay did not take the same-module import's facts from the cache; server log:\n%s", c.stderr.String())
		}
	})

	t.Run("changed on disk", func(t *testing.T) {
		other := filepath.Join(dir, "controllers", "secret_controller.go")
		data, err := os.ReadFile(other)
		if err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(other, data, 0o644)
		// A file of the same package changed on disk: its key is new.
		if err := os.WriteFile(other, append(data, "\n// changed\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		c := startEnv(t, dir, 50, env)
		c.open(file, text)
		if got := summary(c.waitDiags(file, 1)); !equal(got, want) {
			t.Fatalf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if logged(c, "replayed") {
			t.Errorf("a package changed on disk was replayed; server log:\n%s", c.stderr.String())
		}
	})

	t.Run("stored by the server", func(t *testing.T) {
		env := []string{"RECONCILELINT_CACHE=" + t.TempDir()}
		first := startEnv(t, dir, 50, env)
		first.open(file, text)
		if got := summary(first.waitDiags(file, 1)); !equal(got, want) {
			t.Fatalf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if logged(first, "replayed") {
			t.Fatalf("an empty cache replayed; server log:\n%s", first.stderr.String())
		}
		second := startEnv(t, dir, 50, env)
		second.open(file, text)
		if got := summary(second.waitDiags(file, 1)); !equal(got, want) {
			t.Fatalf("replayed diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !logged(second, "replayed") {
			t.Errorf("the result the first server stored was not replayed; server log:\n%s", second.stderr.String())
		}
	})
}

// logged reports whether the server's log (its standard error, which reaches the test
// through a pipe of its own, after the diagnostics may have) holds substr within a few
// seconds.
func logged(c *client, substr string) bool {
	deadline := time.Now().Add(5 * time.Second)
	for {
		if strings.Contains(c.stderr.String(), substr) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
