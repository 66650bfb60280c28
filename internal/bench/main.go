// Command bench measures reconcilelint against go vet and staticcheck on real operator
// modules downloaded through the Go module proxy, and writes docs/performance.md.
// Run it with `make bench`; it is never part of the default tests.
//
// For each module it builds once (warm build cache), then measures in one run:
// reconcilelint ./... standalone without its result cache (-cache=off); go vet
// -vettool=reconcilelint ./... with a cold vet cache, warm (nothing changed) and after a
// one-line edit in a leaf package; plain go vet ./... in the same three states;
// staticcheck ./... (v0.8.2, installed into a temporary GOBIN); and the standalone
// driver with a filled result cache against staticcheck with its warm cache, nothing
// changed and after the one-line edit, in alternation.
//
// Wall time is the median of -n runs (-nwarm for warm and after-edit go vet, where the
// vet tool and plain go vet alternate run by run, and the ratio of each pair of runs
// gives a confidence interval); peak RSS is the largest maximum resident set of
// the process tree (wait4's rusage).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/reconcilelint/reconcilelint/internal/corpus"
)

type measurement struct {
	Module, Tool, State string
	Wall                time.Duration
	Min, Max            time.Duration // the spread of the runs
	RSS                 int64         // KiB
	Runs                int
	Exit                int
	// Ratios holds, for the first tool of a paired measurement, its wall time divided
	// by the other tool's in each pair of back-to-back runs.
	Ratios []float64
}

var (
	work   = flag.String("dir", filepath.Join(os.TempDir(), "reconcilelint-bench"), "work directory")
	runs   = flag.Int("n", 3, "runs per measurement (median)")
	nwarm  = flag.Int("nwarm", 15, "runs per warm and after-edit go vet measurement (seconds each; the vet tool and go vet alternate)")
	once   = flag.String("once", "", "comma-separated module names measured with one run each (modules with large dependency graphs, whose cold runs take minutes)")
	only   = flag.String("modules", "", "comma-separated module names to measure (default: all)")
	out    = flag.String("o", "docs/performance.md", "report file")
	binary = flag.String("reconcilelint", "", "reconcilelint binary (default: build from this checkout)")
	prep   = flag.Bool("prepare", false, "only download and build the corpus (warm the build cache), measure nothing")
)

func main() {
	flag.Parse()
	if err := os.MkdirAll(*work, 0o755); err != nil {
		fatal(err)
	}
	root, _ := os.Getwd()
	if *binary == "" {
		*binary = filepath.Join(*work, "reconcilelint")
		must(run(root, nil, "go", "build", "-o", *binary, "./cmd/reconcilelint"))
	}
	gobin := filepath.Join(*work, "gobin")
	staticcheck := filepath.Join(gobin, "staticcheck")
	if _, err := os.Stat(staticcheck); err != nil {
		must(run(root, []string{"GOBIN=" + gobin}, "go", "install", "honnef.co/go/tools/cmd/staticcheck@v0.8.2"))
	}
	var all []measurement
	loadBefore = loadavg()
	for _, m := range corpus.Operators {
		if *only != "" && !contains(strings.Split(*only, ","), m.Name) {
			continue
		}
		dir, err := prepare(m)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: skipping %s: %v\n", m.Name, err)
			continue
		}
		if *prep {
			fmt.Fprintf(os.Stderr, "bench: %s ready in %s\n", m.Name, dir)
			continue
		}
		all = append(all, measure(m, dir, staticcheck)...)
	}
	if *prep {
		return
	}
	loadAfter = loadavg()
	report := render(all)
	// Text written by hand after the marker (the reading of the numbers) is kept.
	if old, err := os.ReadFile(filepath.Join(root, *out)); err == nil {
		if i := strings.Index(string(old), keepMarker); i >= 0 {
			report += "\n" + string(old[i:])
		}
	}
	if err := os.WriteFile(filepath.Join(root, *out), []byte(report), 0o644); err != nil {
		fatal(err)
	}
	fmt.Print(report)
}

// prepare downloads the module, copies it to a writable directory, points replaces at
// downloaded modules, and builds it once so that the build cache is warm.
func prepare(m corpus.Module) (string, error) {
	dir := filepath.Join(*work, m.Name)
	if err := corpus.Prepare(dir, m.Path+"@"+m.Version, m.Replace); err != nil {
		return "", err
	}
	if err := run(dir, nil, "go", "build", "./..."); err != nil {
		return "", fmt.Errorf("does not build: %v", err)
	}
	return dir, nil
}

func measure(m corpus.Module, dir, staticcheck string) []measurement {
	var ms []measurement
	// add measures the command that argv returns (called before each run, so that a
	// run can set up its state).
	record := func(tool, state string, walls []time.Duration, rss int64, exit int) {
		sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
		ms = append(ms, measurement{Module: m.Name, Tool: tool, State: state, Wall: walls[len(walls)/2], Min: walls[0], Max: walls[len(walls)-1], RSS: rss, Runs: len(walls), Exit: exit})
		fmt.Fprintf(os.Stderr, "bench: %-18s %-30s %-14s %9v %6d MiB exit %d\n", m.Name, tool, state,
			walls[len(walls)/2].Round(time.Millisecond), rss/1024, exit)
	}
	add := func(tool, state string, argv func(i int) []string) {
		var walls []time.Duration
		var rss int64
		exit := 0
		n := *runs
		if contains(strings.Split(*once, ","), m.Name) {
			n = 1
		}
		for i := 0; i < n; i++ {
			w, r, code := timed(dir, argv(i)...)
			walls = append(walls, w)
			rss = max(rss, r)
			exit = code
		}
		record(tool, state, walls, rss, exit)
	}
	// paired measures two tools in alternation (the vet tool and plain go vet in the
	// same state), so that a change of the machine's load during the run weighs on
	// both: their ratio is what the targets are about, and each run takes seconds.
	paired := func(toolA, toolB, state string, argvA, argvB func(i int) []string) {
		var walls [2][]time.Duration
		var rss [2]int64
		var exit [2]int
		for i := 0; i < max(*nwarm, 1); i++ {
			for k, argv := range []func(int) []string{argvA, argvB} {
				w, r, code := timed(dir, argv(i)...)
				walls[k] = append(walls[k], w)
				rss[k] = max(rss[k], r)
				exit[k] = code
			}
		}
		ratios := make([]float64, len(walls[0]))
		for i := range ratios {
			ratios[i] = float64(walls[0][i]) / float64(walls[1][i])
		}
		record(toolA, state, walls[0], rss[0], exit[0])
		ms[len(ms)-1].Ratios = ratios
		record(toolB, state, walls[1], rss[1], exit[1])
	}
	fixed := func(args ...string) func(int) []string { return func(int) []string { return args } }
	leaf := filepath.Join(dir, m.Leaf)
	orig, err := os.ReadFile(leaf)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %s: no leaf file %s: the one-line edit is skipped\n", m.Name, m.Leaf)
	}
	defer os.WriteFile(leaf, orig, 0o644)
	edits, nonce := 0, time.Now().UnixNano()
	edited := func(args ...string) func(int) []string {
		return func(int) []string {
			edits++
			if orig != nil {
				// The nonce keeps each edit new to the go build cache, which outlives a
				// bench run: an edit that an earlier run already made would be a cache hit.
				os.WriteFile(leaf, append(append([]byte{}, orig...), fmt.Sprintf("\n// bench edit %d %d\n", edits, nonce)...), 0o644)
			}
			return args
		}
	}
	// Cold vet cache with a warm build cache. The go command keys vet results on the
	// vet tool's ID and on the vet flags. reconcilelint's ID (-V=full) is the binary's
	// build ID and the hash of the .reconcilelint.yaml found from the module root, so a
	// comment with a fresh number in that file makes a new tool; a fresh -printf.funcs
	// value makes new vet actions for the toolchain's vet.
	cfgPath := filepath.Join(dir, ".reconcilelint.yaml")
	cfgOrig, cfgErr := os.ReadFile(cfgPath)
	restoreConfig := func() {
		if cfgErr == nil {
			os.WriteFile(cfgPath, cfgOrig, 0o644)
		} else {
			os.Remove(cfgPath)
		}
	}
	defer restoreConfig()
	coldTool := func(i int) []string {
		os.WriteFile(cfgPath, append(append([]byte{}, cfgOrig...), fmt.Sprintf("\n# bench: cold run %d\n", time.Now().UnixNano())...), 0o644)
		return []string{"go", "vet", "-vettool=" + *binary, "./..."}
	}
	coldVet := func(i int) []string {
		return []string{"go", "vet", fmt.Sprintf("-printf.funcs=benchcold%d", time.Now().UnixNano()), "./..."}
	}
	// The standalone driver's result cache: the cold row analyses everything (-cache=off,
	// what every run did before the cache); the warm rows use a cache of their own,
	// filled by one untimed run, against staticcheck's warm cache in the same state.
	add("reconcilelint (standalone)", "warm build", fixed(*binary, "-cache=off", "./..."))
	resultCache, err := os.MkdirTemp("", "bench-result-cache")
	must(err)
	defer os.RemoveAll(resultCache)
	withCache := "-cache-dir=" + resultCache
	add("go vet -vettool=reconcilelint", "cold vet cache", coldTool)
	restoreConfig()
	add("go vet", "cold vet cache", coldVet)
	// The cold runs used other tool IDs and flags: one untimed run of each fills the
	// cache for the warm ones.
	timed(dir, "go", "vet", "-vettool="+*binary, "./...")
	timed(dir, "go", "vet", "./...")
	paired("go vet -vettool=reconcilelint", "go vet", "warm",
		fixed("go", "vet", "-vettool="+*binary, "./..."), fixed("go", "vet", "./..."))
	paired("go vet -vettool=reconcilelint", "go vet", "one-line edit",
		edited("go", "vet", "-vettool="+*binary, "./..."), edited("go", "vet", "./..."))
	os.WriteFile(leaf, orig, 0o644)
	add("staticcheck v0.8.2", "warm build", fixed(staticcheck, "./..."))
	timed(dir, *binary, withCache, "./...")
	paired("reconcilelint (standalone)", "staticcheck v0.8.2", "result cache, nothing changed",
		fixed(*binary, withCache, "./..."), fixed(staticcheck, "./..."))
	paired("reconcilelint (standalone)", "staticcheck v0.8.2", "result cache, one-line edit",
		edited(*binary, withCache, "./..."), edited(staticcheck, "./..."))
	os.WriteFile(leaf, orig, 0o644)
	return ms
}

func timed(dir string, args ...string) (time.Duration, int64, int) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	var rss int64
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = ru.Maxrss
		}
	}
	if strings.Contains(stderr.String(), "panic:") {
		fmt.Fprintf(os.Stderr, "bench: PANIC in %v:\n%s\n", args, stderr.String())
	}
	return wall, rss, code
}

var loadBefore, loadAfter string

// keepMarker starts the hand-written part of the report, which a new run keeps.
const keepMarker = "<!-- Written by hand: kept by make bench. -->"

// loadavg returns the 1, 5 and 15 minute load averages ("" where /proc is missing): a
// run on a busy machine says so in the report.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// cpuModel returns the processor's model name from /proc/cpuinfo, or "".
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func render(ms []measurement) string {
	var b strings.Builder
	b.WriteString("<!-- Written by `make bench` (go run ./internal/bench); numbers are from the run described below. -->\n\n# Performance\n\n")
	fmt.Fprintf(&b, "Measured %s on %s/%s, %d CPUs, %s; wall is the median of the runs the table gives (warm and after-edit go vet runs alternate between the vet tool and plain go vet, and the ratios of those back-to-back pairs give a 95%% confidence interval: a target that the ratio of the medians misses while the interval reaches it is marked \"level\", the run cannot tell the tools apart); peak RSS is the largest resident set of the process tree.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	if m := cpuModel(); m != "" {
		fmt.Fprintf(&b, "Processor: %s. ", m)
	}
	if loadBefore != "" {
		fmt.Fprintf(&b, "Load average (1, 5, 15 min) at the start: %s; at the end: %s.", loadBefore, loadAfter)
	}
	b.WriteString("\n\nReproduce: `make bench` (options: `go run ./internal/bench -h`).\n\n")
	mods := []string{}
	seen := map[string]bool{}
	for _, m := range ms {
		if !seen[m.Module] {
			seen[m.Module] = true
			mods = append(mods, m.Module)
		}
	}
	for _, mod := range mods {
		fmt.Fprintf(&b, "## %s\n\n| tool | state | wall | fastest–slowest | runs | peak RSS | exit |\n| --- | --- | --- | --- | --- | --- | --- |\n", mod)
		get := map[string]measurement{}
		for _, m := range ms {
			if m.Module == mod {
				spread := ""
				if m.Runs > 1 {
					spread = fmt.Sprintf("%v–%v", m.Min.Round(10*time.Millisecond), m.Max.Round(10*time.Millisecond))
				}
				fmt.Fprintf(&b, "| %s | %s | %v | %s | %d | %d MiB | %d |\n", m.Tool, m.State, m.Wall.Round(10*time.Millisecond), spread, m.Runs, m.RSS/1024, m.Exit)
				get[m.Tool+"|"+m.State] = m
			}
		}
		// row writes a ratio of two measurements and, when there is a target, whether
		// the run met it.
		// A paired measurement also gets the 95% confidence interval of the mean of its
		// per-pair ratios; when the ratio of the medians misses the target but the
		// interval reaches it, the run cannot tell the two tools apart: "level".
		row := func(what, a, c string, target float64) {
			x, y := get[a], get[c]
			val, met := "n/a", ""
			if x.Wall > 0 && y.Wall > 0 {
				r := float64(x.Wall) / float64(y.Wall)
				val = fmt.Sprintf("%.2fx", r)
				lo, hi, ok := confidence(x.Ratios)
				if ok {
					val += fmt.Sprintf(" (pairs: 95%% CI %.2f–%.2f)", lo, hi)
				}
				if target > 0 {
					switch {
					case r <= target:
						met = "yes"
					case ok && lo <= target:
						met = "level"
					default:
						met = "no"
					}
				}
			}
			t := ""
			if target > 0 {
				t = fmt.Sprintf("≤ %.1fx", target)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", what, val, t, met)
		}
		b.WriteString("\n| ratio | value | target | met |\n| --- | --- | --- | --- |\n")
		row("standalone / plain go vet, cold vet cache (both from a warm build)", "reconcilelint (standalone)|warm build", "go vet|cold vet cache", 0.5)
		row("vet-tool warm / go vet warm", "go vet -vettool=reconcilelint|warm", "go vet|warm", 1.0)
		row("vet-tool after edit / go vet after edit", "go vet -vettool=reconcilelint|one-line edit", "go vet|one-line edit", 1.0)
		row("vet-tool cold / go vet cold", "go vet -vettool=reconcilelint|cold vet cache", "go vet|cold vet cache", 0)
		row("standalone / staticcheck", "reconcilelint (standalone)|warm build", "staticcheck v0.8.2|warm build", 0)
		row("standalone, result cache, nothing changed / staticcheck", "reconcilelint (standalone)|result cache, nothing changed", "staticcheck v0.8.2|result cache, nothing changed", 0.5)
		row("standalone, result cache, one-line edit / staticcheck", "reconcilelint (standalone)|result cache, one-line edit", "staticcheck v0.8.2|result cache, one-line edit", 1.0)
		var peak int64
		for _, m := range get {
			if strings.HasPrefix(m.Tool, "reconcilelint") || strings.Contains(m.Tool, "vettool=reconcilelint") {
				peak = max(peak, m.RSS)
			}
		}
		fmt.Fprintf(&b, "| peak RSS of reconcilelint runs | %d MiB | ≤ 1024 MiB | %s |\n\n", peak/1024, map[bool]string{true: "yes", false: "no"}[peak <= 1<<20])
	}
	return b.String()
}

// confidence returns the 95% confidence interval of the mean of xs (Student's t), or
// ok == false for fewer than three values.
func confidence(xs []float64) (lo, hi float64, ok bool) {
	n := len(xs)
	if n < 3 {
		return 0, 0, false
	}
	var mean, ss float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	// Two-sided 97.5% quantiles of Student's t for 2..30 degrees of freedom; the normal
	// quantile beyond.
	tq := []float64{2: 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
		2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
		2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	t := 1.96
	if n-1 < len(tq) {
		t = tq[n-1]
	}
	half := t * sd / math.Sqrt(float64(n))
	return mean - half, mean + half, true
}

func run(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func must(err error) {
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
