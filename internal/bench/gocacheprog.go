package main

// The GOCACHEPROG rows: the scenario of internal/e2e's TestGOCACHEPROGTwoMachines on a
// corpus module. That test's helpers (the server's start, the wait for its port) are
// small and tied to testing.T, so they are repeated here rather than shared.

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// cacheStats matches the result cache line of -timing.
var cacheStats = regexp.MustCompile(`result cache (.*): (\d+) hits, (\d+) misses, (\d+) stored`)

// parseCacheStats reads the result cache line of a -timing run's standard error.
func parseCacheStats(stderr string) (where string, hits, misses, stored int, ok bool) {
	m := cacheStats.FindStringSubmatch(stderr)
	if m == nil {
		return "", 0, 0, 0, false
	}
	hits, _ = strconv.Atoi(m[2])
	misses, _ = strconv.Atoi(m[3])
	stored, _ = strconv.Atoi(m[4])
	return m[1], hits, misses, stored, true
}

// goToolCache builds go-tool-cache's go-cacher and go-cacher-server (pinned by the
// test-only module testdata/gocacheprog) into gobin, once.
func goToolCache(root, gobin string) (cacher, server string, err error) {
	cacher, server = filepath.Join(gobin, "go-cacher"), filepath.Join(gobin, "go-cacher-server")
	if _, err1 := os.Stat(cacher); err1 == nil {
		if _, err2 := os.Stat(server); err2 == nil {
			return cacher, server, nil
		}
	}
	err = run(filepath.Join(root, "testdata", "gocacheprog"), []string{"GOFLAGS=-mod=mod"}, "go", "build", "-o", gobin+string(filepath.Separator),
		"github.com/bradfitz/go-tool-cache/cmd/go-cacher", "github.com/bradfitz/go-tool-cache/cmd/go-cacher-server")
	if err != nil {
		return "", "", fmt.Errorf("building go-tool-cache: %v", err)
	}
	return cacher, server, nil
}

// twoMachines runs the two-machine scenario on the prepared module in dir: one
// go-cacher-server is the shared store; machine A and machine B each have their own
// copy of the module, at another path, and their own go-cacher directory. A builds
// the module (not timed: the store then holds the build cache, as a fleet's store
// does), then runs reconcilelint, which stores its results; B, with an empty local
// directory, runs reconcilelint once. Both runs are timed with -timing, whose result
// cache line gives the hits, misses and stores.
func twoMachines(m string, dir, binary, cacher, server string) []measurement {
	failed := func(err error) []measurement {
		var ms []measurement
		for _, st := range gocacheprogStates {
			me := measurement{Module: m, Tool: gocacheprogTool, State: st, Exit: -1, Err: err.Error()}
			logMeasurement(me)
			ms = append(ms, me)
		}
		return ms
	}
	tmp, err := os.MkdirTemp(*work, "gocacheprog-")
	if err != nil {
		return failed(err)
	}
	defer os.RemoveAll(tmp)
	if err := checkSpace([]string{tmp, os.TempDir()}, buildSpace); err != nil {
		return failed(err)
	}
	addr, err := freeAddr()
	if err != nil {
		return failed(err)
	}
	var serverLog bytes.Buffer
	srv := exec.Command(server, "-cache-dir", filepath.Join(tmp, "store"), "-listen", addr)
	srv.Stdout, srv.Stderr = &serverLog, &serverLog
	if err := srv.Start(); err != nil {
		return failed(err)
	}
	defer func() {
		srv.Process.Kill()
		srv.Wait()
	}()
	if err := waitListening(addr, 30*time.Second); err != nil {
		return failed(fmt.Errorf("go-cacher-server: %v\n%s", err, serverLog.String()))
	}
	var ms []measurement
	for i, name := range []string{"ci-runner-a", "ci-runner-b"} {
		home := filepath.Join(tmp, name)
		mod := filepath.Join(home, "src", filepath.Base(dir))
		local := filepath.Join(home, "go-cacher")
		if err := os.MkdirAll(filepath.Dir(mod), 0o755); err != nil {
			return failed(err)
		}
		if err := run(tmp, nil, "cp", "-a", dir, mod); err != nil {
			return failed(err)
		}
		env := []string{fmt.Sprintf("GOCACHEPROG=%s -cache-dir %s -cache-server http://%s", cacher, local, addr)}
		if i == 0 {
			start := time.Now()
			if err := run(mod, env, "go", "build", "./..."); err != nil {
				return failed(fmt.Errorf("machine A's build: %v", err))
			}
			fmt.Fprintf(os.Stderr, "bench: %s: GOCACHEPROG: machine A's build into the empty store took %v (not timed)\n", m, time.Since(start).Round(time.Second))
		}
		r := execTimed(mod, env, binary, "-timing", "./...")
		me := measurement{Module: m, Tool: gocacheprogTool, State: gocacheprogStates[i], Wall: r.wall, Min: r.wall, Max: r.wall, RSS: r.rss, Runs: 1, Exit: r.exit}
		where, hits, misses, stored, ok := parseCacheStats(r.stderr)
		switch {
		case !ok:
			me.Err = "no result cache line in -timing's output"
		case !strings.HasPrefix(where, "GOCACHEPROG"):
			me.Err = "the run did not use GOCACHEPROG: result cache " + where
		default:
			me.Cache = &cacheCounts{Hits: hits, Misses: misses, Stored: stored}
		}
		logMeasurement(me)
		ms = append(ms, me)
		// The local directory of A is not needed any more: its build cache is as large
		// as the module's dependencies.
		os.RemoveAll(home)
	}
	return ms
}

// The GOCACHEPROG rows.
const gocacheprogTool = "reconcilelint (standalone), GOCACHEPROG"

var gocacheprogStates = []string{"machine A: first run, results not in the store", "machine B: first run, A's results in the store"}

// freeAddr returns a loopback address with a port nothing listens on.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	l.Close()
	return addr, nil
}

// waitListening waits until a server accepts connections on addr.
func waitListening(addr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("nothing listens on %s after %v: %v", addr, timeout, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// buildSpace is about what machine A's build of cluster-api writes into an empty store
// and the go command's work directory (measured: 4 GB), with a margin.
const buildSpace = 6 << 30

// checkSpace returns an error, at once, when a file system of dirs has less than need
// bytes free: machine A's build would otherwise fail minutes later with "no space left
// on device" in the middle of the go command's output. A platform or file system that
// cannot say is not checked.
func checkSpace(dirs []string, need uint64) error {
	for _, d := range dirs {
		free, err := freeBytes(d)
		if err == nil && free < need {
			return fmt.Errorf("only %.1f GiB free in %s; machine A's build into an empty store needs about %.0f GiB (free some space, or leave the scenario out with -gocacheprog=)", float64(free)/(1<<30), d, float64(need)/(1<<30))
		}
	}
	return nil
}
