// Package matrix runs reconcilelint on one small operator per controller-runtime release
// (testdata/matrix/<release>/) and checks the identity table of passes/k8sapi against
// the real packages of each release.
//
// A release directory holds go.mod, go.sum (resolvable offline after .ci/run's download
// step), expected.txt (the standalone output, reviewed by hand) and sources: the names
// of the directories under testdata/matrix/src whose files make up the module. The test
// assembles each module in a temporary directory. Only type-checking happens: the
// dependencies come from export data, no binary is linked.
package matrix

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

var binary string

func TestMain(m *testing.M) { testbin.Main(m, "reconcilelint-matrix", &binary) }

func matrixRoot(t *testing.T) string {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "matrix"))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// release is one row of the matrix.
type release struct {
	Name  string // "v0.24.1"
	Minor int    // 24
	Dir   string // testdata/matrix/v0.24.1
}

// releases returns the rows of the matrix: directories named v0.<minor>.<patch>.
func releases(t *testing.T) []release {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(matrixRoot(t), "v0.*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no matrix releases: %v", err)
	}
	var out []release
	for _, d := range dirs {
		name := filepath.Base(d)
		parts := strings.Split(strings.TrimPrefix(name, "v"), ".")
		if len(parts) != 3 {
			t.Fatalf("matrix directory %s is not named v0.<minor>.<patch>", name)
		}
		minor, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("matrix directory %s: %v", name, err)
		}
		out = append(out, release{name, minor, d})
	}
	return out
}

// assemble copies a release's go.mod and go.sum and the files of its source sets into a
// temporary directory, and returns it.
func assemble(t *testing.T, r release) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), r.Name)
	for _, f := range []string{"go.mod", "go.sum"} {
		copyFile(t, filepath.Join(r.Dir, f), filepath.Join(dst, f))
	}
	data, err := os.ReadFile(filepath.Join(r.Dir, "sources"))
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range strings.Fields(string(data)) {
		src := filepath.Join(matrixRoot(t), "src", set)
		err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			copyFile(t, p, filepath.Join(dst, rel))
			return nil
		})
		if err != nil {
			t.Fatalf("source set %s: %v", set, err)
		}
	}
	return dst
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lint runs the binary on ./... in dir and returns stdout, stderr and the exit code.
func lint(t *testing.T, dir string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, "./...")
	cmd.Dir = dir
	// go.sum must be complete: nothing is fetched or rewritten.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running reconcilelint: %v", err)
	}
	return out.String(), errb.String(), code
}

// TestMatrix compares the findings on each release with its expected.txt.
func TestMatrix(t *testing.T) {
	var mu sync.Mutex
	outputs := map[string]string{}
	t.Run("rows", func(t *testing.T) {
		for _, r := range releases(t) {
			t.Run(r.Name, func(t *testing.T) {
				t.Parallel()
				want, err := os.ReadFile(filepath.Join(r.Dir, "expected.txt"))
				if err != nil {
					t.Fatal(err)
				}
				out, stderr, code := lint(t, assemble(t, r))
				if code != 1 {
					t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr)
				}
				if out != string(want) {
					t.Errorf("findings differ from expected.txt\n--- got\n%s--- want\n%s", out, want)
				}
				// A known release gives no warning about the release.
				if strings.Contains(stderr, "controller-runtime") {
					t.Errorf("unexpected warning on a supported release:\n%s", stderr)
				}
				mu.Lock()
				outputs[r.Name] = out
				mu.Unlock()
			})
		}
	})
	// The same operator source gives the same findings on v0.24.1 and v0.25.3 (where
	// cache.Informer moved to pkg/cache/cacheapi).
	a, b := outputs["v0.24.1"], outputs["v0.25.3"]
	if a == "" || a != b {
		t.Errorf("v0.24.1 and v0.25.3 findings differ:\n--- v0.24.1\n%s--- v0.25.3\n%s", a, b)
	}
	if !strings.Contains(b, "watchinreconcile: cache.Informer.AddEventHandler") {
		t.Errorf("v0.25.3: no watchinreconcile finding for the informer handler:\n%s", b)
	}
}

// TestSameSources checks that v0.24.1 and v0.25.3 are built from the same source sets,
// which is what makes the comparison of TestMatrix meaningful.
func TestSameSources(t *testing.T) {
	root := matrixRoot(t)
	a, err1 := os.ReadFile(filepath.Join(root, "v0.24.1", "sources"))
	b, err2 := os.ReadFile(filepath.Join(root, "v0.25.3", "sources"))
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("v0.24.1 and v0.25.3 do not list the same source sets: %q %q (%v %v)", a, b, err1, err2)
	}
}

// TestRowsCover checks that the matrix has a row for every minor release the issue of
// the version matrix requires (the latest patch of each is the row's choice).
func TestRowsCover(t *testing.T) {
	have := map[int]bool{}
	for _, r := range releases(t) {
		have[r.Minor] = true
	}
	for _, minor := range []int{6, 10, 15, 17, 19, 20, 22, 23, 24, 25} {
		if !have[minor] {
			t.Errorf("no matrix row for controller-runtime v0.%d", minor)
		}
	}
}
