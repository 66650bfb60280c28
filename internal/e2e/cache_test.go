package e2e

import (
	"github.com/reconcilelint/reconcilelint/internal/testbin"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The result cache (internal/driver/resultcache.go) must never change what a run
// reports: every test here compares a run that uses the cache with a cold run
// (-cache=off) of the same inputs, byte for byte.

var cacheStats = regexp.MustCompile(`result cache .*: (\d+) hits, (\d+) misses, (\d+) stored`)

// cached runs the binary with the cache in cacheDir and -timing; it returns standard
// output, the exit code and the hits and misses the run counted.
func cached(t *testing.T, dir, cacheDir string, env []string, args ...string) (out string, code, hits, misses int) {
	t.Helper()
	out, _, code, hits, misses = cachedStderr(t, dir, cacheDir, env, args...)
	return out, code, hits, misses
}

// cachedStderr is cached that returns the standard error too.
func cachedStderr(t *testing.T, dir, cacheDir string, env []string, args ...string) (out, stderr string, code, hits, misses int) {
	t.Helper()
	out, stderr, code = runEnv(t, dir, env, "", append([]string{"-timing", "-cache-dir=" + cacheDir}, args...)...)
	m := cacheStats.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no result cache line in -timing's output:\n%s", stderr)
	}
	hits, _ = strconv.Atoi(m[1])
	misses, _ = strconv.Atoi(m[2])
	return out, stderr, code, hits, misses
}

// editedLoad is what -timing says of a load that lists only the imports of the
// packages the cache missed (internal/driver loadMissed).
const editedLoad = "load (the imports of the missed packages)"

// TestResultCacheColdWarmCold runs every e2e module cold, with an empty cache (which
// stores), with the filled cache (which replays every package) and cold again, in the
// JSON format (every position, message, related position and fix): the four outputs
// must be the same bytes. Then, in a copy of the module (which hits the same entries:
// positions are stored relative to the module root), a comment is appended to the
// file of the first expected finding: the run after that edit analyses only the
// missed packages, with the stored facts of the others, and reports what a cold run
// of the copy reports.
func TestResultCacheColdWarmCold(t *testing.T) {
	t.Parallel()
	for _, dir := range modules(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cacheDir := t.TempDir()
			cold, _, code := run(t, dir, "", "-cache=off", "-json", "./...")
			first, code1, _, _ := cached(t, dir, cacheDir, nil, "-json", "./...")
			warm, code2, hits, misses := cached(t, dir, cacheDir, nil, "-json", "./...")
			cold2, _, code3 := run(t, dir, "", "-cache=off", "-json", "./...")
			if misses != 0 || hits == 0 {
				t.Errorf("second run with the cache: %d hits, %d misses; want every package from the cache", hits, misses)
			}
			for name, got := range map[string]string{"first cached run": first, "warm run": warm, "second cold run": cold2} {
				if got != cold {
					t.Errorf("%s differs from the cold run\n--- cold\n%s--- %s\n%s", name, cold, name, got)
				}
			}
			if code1 != code || code2 != code || code3 != code {
				t.Errorf("exit codes cold %d, first %d, warm %d, cold again %d", code, code1, code2, code3)
			}

			want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
			first, _, ok := strings.Cut(strings.TrimSpace(string(want)), ":")
			if !ok || !strings.HasSuffix(first, ".go") {
				return // no finding: nothing to edit
			}
			cp := filepath.Join(t.TempDir(), filepath.Base(dir))
			if err := testbin.CopyTree(dir, cp); err != nil {
				t.Fatal(err)
			}
			if _, _, hits, misses := cached(t, cp, cacheDir, nil, "-json", "./..."); misses != 0 || hits == 0 {
				t.Errorf("a copy of the module: %d hits, %d misses; want every package from the cache", hits, misses)
			}
			file := filepath.Join(cp, filepath.FromSlash(first))
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, append(data, "\n// edited\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			edited, stderr, _, hits, misses := cachedStderr(t, cp, cacheDir, nil, "-json", "./...")
			coldEdited, _, _ := run(t, cp, "", "-cache=off", "-json", "./...")
			if edited != coldEdited {
				t.Errorf("after editing %s the run with the cache differs from a cold run\n--- cold\n%s--- cached\n%s", first, coldEdited, edited)
			}
			// (In a module of one package nothing is replayed: that run is a cold one.)
			if misses == 0 || hits > 0 && !strings.Contains(stderr, editedLoad) {
				t.Errorf("after editing %s: %d hits, %d misses; want the edited package and its importers analysed alone:\n%s", first, hits, misses, stderr)
			}
		})
	}
}

// keysModule is a small operator whose findings each depend on one input of the key:
// its own files, a constant of another package (a dependency's exported API), facts of
// another package (a helper that sleeps), a build tag, the configuration.
var keysModule = map[string]string{
	"ctrl/ctrl.go": `package ctrl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/cachekeys/consts"
	"example.com/cachekeys/helper"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	helper.Wait()
	r.extra()
	return ctrl.Result{RequeueAfter: consts.Delay}, nil
}
`,
	"ctrl/plain.go": `//go:build !extra

package ctrl

func (r *Reconciler) extra() {}
`,
	"ctrl/extra.go": `//go:build extra

package ctrl

import "time"

func (r *Reconciler) extra() { time.Sleep(time.Second) }
`,
	"consts/consts.go": `package consts

import "time"

const Delay = 100 * time.Millisecond
`,
	"helper/helper.go": `package helper

import "time"

func Wait() { time.Sleep(time.Second) }
`,
	"cmd/main.go": `package main

import "example.com/cachekeys/ctrl"

func main() { _ = &ctrl.Reconciler{} }
`,
}

// TestResultCacheKeys changes each input of the key in turn and checks, after each
// change, that a run with the cache (filled by the runs before the change) reports
// what a cold run reports, and that the change did change the findings (else the
// cache could have replayed a stale result unseen). A last run with nothing changed
// replays everything.
func TestResultCacheKeys(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cachekeys")
	gomod, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "e2e", "newrules", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "e2e", "newrules", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": strings.Replace(string(gomod), "module example.com/newrules", "module example.com/cachekeys", 1),
		"go.sum": string(gosum),
	}
	for k, v := range keysModule {
		files[k] = v
	}
	write := func(name, content string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for k, v := range files {
		write(k, v)
	}
	cacheDir := t.TempDir()
	var env []string
	flags := []string{}
	var prev string
	// step runs cold and with the cache; edited says that the run with the cache must
	// have loaded only the imports of the missed packages, with the stored facts of
	// the others (a file changed, the configuration and flags did not).
	step := func(name string, wantChange, edited bool) {
		t.Helper()
		args := append(append([]string{}, flags...), "-json", "./...")
		cold, _, _ := runEnv(t, dir, env, "", append([]string{"-cache=off"}, args...)...)
		got, stderr, _, _, _ := cachedStderr(t, dir, cacheDir, env, args...)
		if edited && !strings.Contains(stderr, editedLoad) {
			t.Errorf("%s: the run with the cache did not load only the missed packages:\n%s", name, stderr)
		}
		if got != cold {
			t.Errorf("%s: the run with the cache differs from a cold run\n--- cold\n%s--- cached\n%s", name, cold, got)
		}
		if wantChange && got == prev {
			t.Errorf("%s: the findings did not change, the step tests nothing:\n%s", name, got)
		}
		prev = got
	}
	step("first run", false, false)
	if !strings.Contains(prev, "helper.Wait") || !strings.Contains(prev, "requeueafter") {
		t.Fatalf("the module's findings are not the ones this test changes:\n%s", prev)
	}

	// A file of the package.
	write("ctrl/ctrl.go", strings.Replace(keysModule["ctrl/ctrl.go"], "r.extra()", "r.extra()\n\t_ = ctx", 1))
	step("a file of the package", true, true)

	// A dependency's exported API: the constant RequeueAfter is no longer short.
	write("consts/consts.go", strings.Replace(keysModule["consts/consts.go"], "100 * time.Millisecond", "5 * time.Second", 1))
	step("a dependency's exported API", true, true)

	// A dependency's facts: the helper no longer sleeps, its exported API is the same.
	write("helper/helper.go", "package helper\n\nimport \"time\"\n\nfunc Wait() { _ = time.Second }\n")
	step("a dependency's facts", true, true)

	// A build tag: the other file of the pair.
	flags = []string{"-tags=extra"}
	step("a build tag", true, false)

	// A configuration option.
	write(".reconcilelint.yaml", "rules:\n  sleep:\n    allow: [time.Sleep]\n")
	step("a configuration option", true, false)

	// Nothing changed: every package replayed.
	if _, _, hits, misses := cached(t, dir, cacheDir, env, append(flags, "-json", "./...")...); misses != 0 || hits == 0 {
		t.Errorf("nothing changed: %d hits, %d misses, want only hits", hits, misses)
	}

	// The tool's version: a release build of the same source misses every entry.
	release := filepath.Join(t.TempDir(), "reconcilelint")
	build := exec.Command("go", "build", "-o", release, "-ldflags=-X github.com/reconcilelint/reconcilelint/internal/driver.stampedVersion=v9.9.9",
		"github.com/reconcilelint/reconcilelint/cmd/reconcilelint")
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building a release binary: %v\n%s", err, out)
	}
	cmd := exec.Command(release, append([]string{"-timing", "-cache-dir=" + cacheDir}, append(flags, "-json", "./...")...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	m := cacheStats.FindStringSubmatch(stderr.String())
	if m == nil || m[1] != "0" {
		t.Errorf("another version of the tool hit the cache: %v\n%s", m, stderr.String())
	}
	if string(out) != prev {
		t.Errorf("the release build reports otherwise\n--- got\n%s--- want\n%s", out, prev)
	}
}
