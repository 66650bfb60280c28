package e2e

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/brokencorpus"
)

// TestBrokenModules runs the standalone command and go vet -vettool on every module of
// the broken-module corpus (internal/brokencorpus): the exit code and the messages are
// the corpus's, nothing panics, and no run exits 0 having skipped a matched package.
func TestBrokenModules(t *testing.T) {
	t.Parallel()
	for _, c := range brokencorpus.Cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			dir, err := c.Prepare(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			out, stderr, code := runEnv(t, dir, c.Env, "", c.Args()...)
			if code != c.Exit {
				t.Errorf("reconcilelint %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(c.Args(), " "), code, c.Exit, out, stderr)
			}
			assertInOrder(t, "reconcilelint", stderr, c.Stderr)
			assertSane(t, stderr)
			if code == 0 && strings.Contains(stderr, "not analysed") {
				t.Errorf("exit 0 with a package not analysed:\n%s", stderr)
			}

			if testing.Short() {
				return // the vet tool's pass over the corpus is for make test
			}
			_, vstderr, vcode := runEnv(t, dir, c.Env, "go", append([]string{"vet", "-vettool=" + binary}, c.Args()...)...)
			if (vcode != 0) != c.VetFails {
				t.Errorf("go vet -vettool: exit %d, want failure %v\n%s", vcode, c.VetFails, vstderr)
			}
			assertInOrder(t, "go vet", vstderr, c.VetStderr)
			assertSane(t, vstderr)
		})
	}
}

// assertInOrder checks that text holds each of wants, in order.
func assertInOrder(t *testing.T, what, text string, wants []string) {
	t.Helper()
	rest := text
	for _, w := range wants {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Errorf("%s: standard error lacks (in order) %q:\n%s", what, w, text)
			return
		}
		rest = rest[i+len(w):]
	}
}

// assertSane fails on a panic or a runtime crash.
func assertSane(t *testing.T, stderr string) {
	t.Helper()
	for _, bad := range []string{"panic:", "fatal error:", "goroutine ", "internal error"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("%q on standard error:\n%s", bad, stderr)
		}
	}
}
