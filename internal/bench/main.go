// Command bench measures reconcilelint against go vet and staticcheck on real operator
// modules downloaded through the Go module proxy, and writes docs/performance.md.
// Run it with `make bench`; it is never part of the default tests.
//
// For each module it builds once (warm build cache), then measures in one run:
// reconcilelint ./... standalone without its result cache (-cache=off); go vet
// -vettool=reconcilelint ./... with a cold vet cache, warm (nothing changed) and after a
// one-line edit in a leaf package (corpus.Module.Leaf); plain go vet ./... in the same
// three states; staticcheck ./... (v0.8.2, installed into a temporary GOBIN); the
// standalone driver with a filled result cache against staticcheck with its warm
// cache, nothing changed and after a one-line edit of a controller
// (corpus.Module.Controller), in alternation; with -baseline, the cold standalone run
// against an earlier build's, in alternation; the language server (lsp.go): didOpen of
// the controller to its first diagnostics in a fresh server with a warm result cache
// and without one, and didChange to the diagnostics of the new version; and the result
// cache shared by two machines through GOCACHEPROG (gocacheprog.go).
//
// Wall time is the median of -n runs (-nwarm for the paired rows, where two tools
// alternate run by run and the ratio of each pair of runs gives a confidence interval,
// and for the language server's edits); peak RSS is the largest maximum resident set
// of the process tree (wait4's rusage).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
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
	// Err says why the measurement failed (a language server that did not answer in
	// time, a GOCACHEPROG run that did not use the program, ...); the runs before the
	// failure, if any, are in Wall.
	Err string
	// Cache holds the result cache's counts of a -timing run (the GOCACHEPROG rows).
	Cache *cacheCounts
}

// cacheCounts is the result cache line of -timing.
type cacheCounts struct{ Hits, Misses, Stored int }

// newMeasurement summarises the wall times of the runs of one tool in one state.
func newMeasurement(module, tool, state string, walls []time.Duration, rss int64, exit int) measurement {
	me := measurement{Module: module, Tool: tool, State: state, RSS: rss, Runs: len(walls), Exit: exit}
	if len(walls) > 0 {
		walls = slices.Clone(walls)
		slices.Sort(walls)
		me.Wall, me.Min, me.Max = walls[len(walls)/2], walls[0], walls[len(walls)-1]
	}
	return me
}

// logMeasurement prints a measurement on standard error as it is taken.
func logMeasurement(me measurement) {
	fmt.Fprintf(os.Stderr, "bench: %-18s %-40s %-46s %9v %6d MiB exit %d\n", me.Module, me.Tool, me.State,
		me.Wall.Round(time.Millisecond), me.RSS/1024, me.Exit)
	if c := me.Cache; c != nil {
		fmt.Fprintf(os.Stderr, "bench: %s: %s, %s: result cache %d hits, %d misses, %d stored\n", me.Module, me.Tool, me.State, c.Hits, c.Misses, c.Stored)
	}
	if me.Err != "" {
		fmt.Fprintf(os.Stderr, "bench: %s: %s, %s: FAILED: %s\n", me.Module, me.Tool, me.State, me.Err)
	}
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

	baselineBin = flag.String("baseline", "", "a reconcilelint binary built from an earlier commit: its cold standalone run (-cache=off when it has the flag) is paired with this one's")
	lspRows     = flag.Bool("lsp", true, "measure the language server (reconcilelint lsp) on each module's controller file")
	lspDebounce = flag.Duration("lsp-debounce", -1, "the debounce sent to the language server (initialization option debounceMillis); negative: the server's default")
	lspWait     = flag.Duration("lsp-timeout", 3*time.Minute, "the longest wait for any answer of the language server: a row whose server does not answer in time fails")
	gcprog      = flag.String("gocacheprog", "cluster-api", "comma-separated modules on which to measure the result cache shared by two machines through GOCACHEPROG (go-tool-cache's go-cacher and go-cacher-server; the first machine builds the module's dependencies into an empty store, minutes per module); empty for none")
)

// Set up by main for measure.
var (
	baselineArgs               []string // the baseline's cold run
	cacherBin, cacherServerBin string   // go-tool-cache's programs
	cacherErr                  error    // why they are missing
	// binaryInfo and baselineInfo describe the binaries for the report (their VCS
	// revision when the go command recorded it).
	binaryInfo, baselineInfo string
)

func main() {
	flag.Parse()
	if *baselineBin != "" {
		if _, err := os.Stat(*baselineBin); err != nil {
			fatal(fmt.Errorf("-baseline: %v", err))
		}
	}
	if err := os.MkdirAll(*work, 0o755); err != nil {
		fatal(err)
	}
	root, _ := os.Getwd()
	if *binary == "" {
		*binary = filepath.Join(*work, "reconcilelint")
		must(run(root, nil, "go", "build", "-o", *binary, "./cmd/reconcilelint"))
		binaryInfo = checkoutRevision(root)
	} else if binaryInfo = describeBinary(*binary); binaryInfo == "" {
		binaryInfo = *binary
	}
	gobin := filepath.Join(*work, "gobin")
	staticcheck := filepath.Join(gobin, "staticcheck")
	if _, err := os.Stat(staticcheck); err != nil {
		must(run(root, []string{"GOBIN=" + gobin}, "go", "install", "honnef.co/go/tools/cmd/staticcheck@v0.8.2"))
	}
	if *baselineBin != "" {
		b, err := filepath.Abs(*baselineBin)
		must(err)
		*baselineBin = b
		if baselineInfo = describeBinary(b); baselineInfo == "" {
			baselineInfo = b
		}
		// A baseline from before the result cache has no -cache flag; one from after
		// it must not use its cache.
		help, _ := exec.Command(b, "-h").CombinedOutput()
		baselineArgs = []string{b}
		if regexp.MustCompile(`(?m)^\s+-cache\b[^-]`).Match(help) {
			baselineArgs = append(baselineArgs, "-cache=off")
		}
		baselineArgs = append(baselineArgs, "./...")
	}
	if *gcprog != "" && !*prep {
		cacherBin, cacherServerBin, cacherErr = goToolCache(root, gobin)
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
	outPath := *out
	if !filepath.IsAbs(outPath) {
		outPath = filepath.Join(root, outPath)
	}
	// Text written by hand after the marker (the reading of the numbers) is kept.
	if old, err := os.ReadFile(outPath); err == nil {
		if i := strings.Index(string(old), keepMarker); i >= 0 {
			report += "\n" + string(old[i:])
		}
	}
	if err := os.WriteFile(outPath, []byte(report), 0o644); err != nil {
		fatal(err)
	}
	fmt.Print(report)
	failed := 0
	for _, m := range all {
		if m.Err != "" {
			failed++
		}
	}
	if failed > 0 {
		fatal(fmt.Errorf("%d measurements failed (the report says why)", failed))
	}
}

// checkoutRevision returns the commit of the checkout in dir (with "+modified" when
// files differ from it), or "".
func checkoutRevision(dir string) string {
	out, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+modified"
	}
	return rev
}

// describeBinary returns the VCS revision the go command recorded in a binary
// (with "+modified" for a dirty tree), or "".
func describeBinary(path string) string {
	out, err := exec.Command("go", "version", "-m", path).Output()
	if err != nil {
		return ""
	}
	var rev, modified string
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) == 2 && f[0] == "build" {
			if v, ok := strings.CutPrefix(f[1], "vcs.revision="); ok && len(v) >= 12 {
				rev = v[:12]
			}
			if f[1] == "vcs.modified=true" {
				modified = "+modified"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return rev + modified
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
	n := *runs
	if contains(strings.Split(*once, ","), m.Name) {
		n = 1
	}
	record := func(tool, state string, walls []time.Duration, rss int64, exit int) {
		me := newMeasurement(m.Name, tool, state, walls, rss, exit)
		logMeasurement(me)
		ms = append(ms, me)
	}
	// add measures the command that argv returns (called before each run, so that a
	// run can set up its state).
	add := func(tool, state string, argv func(i int) []string) {
		var walls []time.Duration
		var rss int64
		exit := 0
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
	// editFile returns, for a file of the module, a function that turns a command line
	// into one that appends a fresh comment line to the file before each run, and a
	// function that restores the file.
	edits, nonce := 0, time.Now().UnixNano()
	editFile := func(rel string) (func(args ...string) func(int) []string, func()) {
		path := filepath.Join(dir, rel)
		orig, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: %s: no file %q: its one-line edit is skipped\n", m.Name, rel)
		}
		restore := func() {
			if orig != nil {
				os.WriteFile(path, orig, 0o644)
			}
		}
		edited := func(args ...string) func(int) []string {
			return func(int) []string {
				edits++
				if orig != nil {
					// The nonce keeps each edit new to the go build cache, which outlives a
					// bench run: an edit that an earlier run already made would be a cache hit.
					os.WriteFile(path, fmt.Appendf(slices.Clone(orig), "\n// bench edit %d %d\n", edits, nonce), 0o644)
				}
				return args
			}
		}
		return edited, restore
	}
	// The go vet rows edit the leaf, a utility package most packages import, as in
	// earlier rounds; the result cache rows edit a controller.
	editLeaf, restoreLeaf := editFile(m.Leaf)
	defer restoreLeaf()
	editController, restoreController := editFile(m.Controller)
	defer restoreController()
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
		editLeaf("go", "vet", "-vettool="+*binary, "./..."), editLeaf("go", "vet", "./..."))
	restoreLeaf()
	// staticcheck keys its cache on the files' paths: a module directory it has not
	// seen yet (a new -dir) would make the first run cold, and its peak RSS that of a
	// cold run. One untimed run fills its cache.
	timed(dir, staticcheck, "./...")
	add("staticcheck v0.8.2", "warm build", fixed(staticcheck, "./..."))
	timed(dir, *binary, withCache, "./...")
	paired("reconcilelint (standalone)", "staticcheck v0.8.2", "result cache, nothing changed",
		fixed(*binary, withCache, "./..."), fixed(staticcheck, "./..."))
	paired("reconcilelint (standalone)", "staticcheck v0.8.2", "result cache, one-line edit of a controller",
		editController(*binary, withCache, "./..."), editController(staticcheck, "./..."))
	restoreController()
	// The cold run against an earlier build's: the cache must not slow the first run.
	if baselineArgs != nil {
		paired("reconcilelint (standalone)", "reconcilelint (baseline)", "cold (-cache=off), against the baseline",
			fixed(*binary, "-cache=off", "./..."), fixed(baselineArgs...))
	}
	if *lspRows && m.Controller != "" {
		ms = append(ms, measureLSP(m, dir, n)...)
	}
	if contains(strings.Split(*gcprog, ","), m.Name) {
		if cacherErr != nil {
			me := measurement{Module: m.Name, Tool: gocacheprogTool, State: gocacheprogStates[1], Exit: -1, Err: cacherErr.Error()}
			logMeasurement(me)
			ms = append(ms, me)
		} else {
			ms = append(ms, twoMachines(m.Name, dir, *binary, cacherBin, cacherServerBin)...)
		}
	}
	return ms
}

// The language server's rows.
const (
	lspTool      = "reconcilelint lsp"
	lspOpenWarm  = "didOpen to diagnostics, warm result cache"
	lspEditWarm  = "didChange to diagnostics, warm result cache"
	lspOpenCold  = "didOpen to diagnostics, no result cache"
	cacheEnvName = "RECONCILELINT_CACHE"
)

// measureLSP measures the language server on the module's controller file: n fresh
// servers whose result cache one standalone run filled (not timed), each timed from
// didOpen to the file's first diagnostics; -nwarm edits in one of them; and n fresh
// servers without a result cache.
func measureLSP(m corpus.Module, dir string, n int) []measurement {
	var ms []measurement
	file := filepath.Join(dir, m.Controller)
	row := func(state string, r lspRun) {
		me := newMeasurement(m.Name, lspTool, state, r.walls, r.rss, r.exit)
		if r.err != nil {
			me.Err, me.Exit = r.err.Error(), -1
		}
		logMeasurement(me)
		ms = append(ms, me)
	}
	lspCache, err := os.MkdirTemp("", "bench-lsp-cache")
	must(err)
	defer os.RemoveAll(lspCache)
	// The environment variable, not -cache-dir: the server has no such flag, and both
	// runs find the cache the same way.
	warm := []string{cacheEnvName + "=" + lspCache}
	if r := execTimed(dir, warm, *binary, "./..."); r.exit != 0 && r.exit != 1 {
		fmt.Fprintf(os.Stderr, "bench: %s: the run that fills the language server's result cache exited %d:\n%s\n", m.Name, r.exit, r.stderr)
	}
	row(lspOpenWarm, lspOpens(*binary, dir, file, warm, n, *lspDebounce, *lspWait))
	row(lspEditWarm, lspEdits(*binary, dir, file, warm, max(*nwarm, 1), *lspDebounce, *lspWait))
	row(lspOpenCold, lspOpens(*binary, dir, file, []string{cacheEnvName + "=off"}, n, *lspDebounce, *lspWait))
	return ms
}

// runResult is the outcome of one timed command.
type runResult struct {
	wall   time.Duration
	rss    int64 // KiB
	exit   int
	stderr string
}

func timed(dir string, args ...string) (time.Duration, int64, int) {
	r := execTimed(dir, nil, args...)
	return r.wall, r.rss, r.exit
}

// execTimed runs args in dir with env added to the bench's environment, and returns
// its wall time, peak RSS, exit code and standard error.
func execTimed(dir string, env []string, args ...string) runResult {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	start := time.Now()
	err := cmd.Run()
	r := runResult{wall: time.Since(start), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.exit = ee.ExitCode()
	} else if err != nil {
		r.exit = -1
	}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.rss = ru.Maxrss
		}
	}
	if strings.Contains(r.stderr, "panic:") {
		fmt.Fprintf(os.Stderr, "bench: PANIC in %v:\n%s\n", args, r.stderr)
	}
	return r
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
	fmt.Fprintf(&b, "Measured %s on %s/%s, %d CPUs, %s; wall is the median of the runs the table gives (paired rows alternate between two tools run by run, and the ratios of those back-to-back pairs give a 95%% confidence interval: a target that the ratio of the medians misses while the interval reaches it is marked \"level\", the run cannot tell the tools apart); for the language server, wall is the time from the notification sent to the diagnostics received; peak RSS is the largest resident set of the process tree.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	if m := cpuModel(); m != "" {
		fmt.Fprintf(&b, "Processor: %s. ", m)
	}
	if loadBefore != "" {
		fmt.Fprintf(&b, "Load average (1, 5, 15 min) at the start: %s; at the end: %s.", loadBefore, loadAfter)
	}
	if binaryInfo != "" {
		fmt.Fprintf(&b, " reconcilelint built from %s", binaryInfo)
		if baselineInfo != "" {
			fmt.Fprintf(&b, ", the baseline from %s", baselineInfo)
		}
		b.WriteString(".")
	}
	if *lspDebounce >= 0 {
		fmt.Fprintf(&b, " Language server debounce: %v (-lsp-debounce).", *lspDebounce)
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
		fmt.Fprintf(&b, "## %s\n\n", mod)
		for _, m := range corpus.Operators {
			if m.Name == mod && m.Leaf != "" && m.Controller != "" {
				fmt.Fprintf(&b, "One-line edits: the go vet rows edit `%s`, the result cache rows edit `%s`; the language server opens and edits `%s`.\n\n", m.Leaf, m.Controller, m.Controller)
			}
		}
		b.WriteString("| tool | state | wall | fastest–slowest | runs | peak RSS | exit |\n| --- | --- | --- | --- | --- | --- | --- |\n")
		get := map[string]measurement{}
		var failed []measurement
		for _, m := range ms {
			if m.Module != mod {
				continue
			}
			spread := ""
			if m.Runs > 1 {
				spread = fmt.Sprintf("%v–%v", m.Min.Round(10*time.Millisecond), m.Max.Round(10*time.Millisecond))
			}
			wall := m.Wall.Round(10 * time.Millisecond).String()
			if m.Err != "" {
				wall = fmt.Sprintf("failed (%d)", len(failed)+1)
				failed = append(failed, m)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %d MiB | %d |\n", m.Tool, m.State, wall, spread, m.Runs, m.RSS/1024, m.Exit)
			get[m.Tool+"|"+m.State] = m
		}
		for i, m := range failed {
			fmt.Fprintf(&b, "\nFailed (%d): %s, %s: %s\n", i+1, m.Tool, m.State, oneLine(m.Err))
		}
		b.WriteString("\n| ratio | value | target | met |\n| --- | --- | --- | --- |\n")
		verdict := func(ok bool) string { return map[bool]string{true: "yes", false: "no"}[ok] }
		// row writes a ratio of two measurements' wall times and, when there is a
		// target, whether the run met it.
		// A paired measurement also gets the 95% confidence interval of the mean of its
		// per-pair ratios; when the ratio of the medians misses the target but the
		// interval reaches it, the run cannot tell the two tools apart: "level".
		row := func(what, a, c string, target float64) {
			x, y := get[a], get[c]
			val, met := "n/a", ""
			if x.Err != "" || y.Err != "" {
				val = "failed"
				if target > 0 {
					met = "no"
				}
			} else if x.Wall > 0 && y.Wall > 0 {
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
		// rssRow writes the ratio of two measurements' peak RSS.
		rssRow := func(what, a, c string, target float64) {
			x, y := get[a], get[c]
			val, met := "n/a", ""
			if x.RSS > 0 && y.RSS > 0 {
				r := float64(x.RSS) / float64(y.RSS)
				val = fmt.Sprintf("%.2fx (%d MiB / %d MiB)", r, x.RSS/1024, y.RSS/1024)
				met = verdict(r <= target)
			}
			fmt.Fprintf(&b, "| %s | %s | ≤ %.1fx | %s |\n", what, val, target, met)
		}
		// absRow writes the wall time of a measurement against an absolute target (none
		// when target is 0); nothing when the run did not take it.
		absRow := func(what, a string, target time.Duration) {
			x, ok := get[a]
			if !ok {
				return
			}
			val, t, met := x.Wall.Round(10*time.Millisecond).String(), "", ""
			if target > 0 {
				t = "< " + target.String()
				met = verdict(x.Wall < target)
			}
			if x.Err != "" {
				val = "failed"
				if target > 0 {
					met = "no"
				}
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", what, val, t, met)
		}
		row("standalone / plain go vet, cold vet cache (both from a warm build)", "reconcilelint (standalone)|warm build", "go vet|cold vet cache", 0.5)
		row("vet-tool warm / go vet warm", "go vet -vettool=reconcilelint|warm", "go vet|warm", 1.0)
		row("vet-tool after edit / go vet after edit", "go vet -vettool=reconcilelint|one-line edit", "go vet|one-line edit", 1.0)
		row("vet-tool cold / go vet cold", "go vet -vettool=reconcilelint|cold vet cache", "go vet|cold vet cache", 0)
		row("standalone / staticcheck", "reconcilelint (standalone)|warm build", "staticcheck v0.8.2|warm build", 0)
		row("standalone, result cache, nothing changed / staticcheck", "reconcilelint (standalone)|result cache, nothing changed", "staticcheck v0.8.2|result cache, nothing changed", 0.5)
		row("standalone, result cache, a controller edited / staticcheck", "reconcilelint (standalone)|result cache, one-line edit of a controller", "staticcheck v0.8.2|result cache, one-line edit of a controller", 1.0)
		rssRow("peak RSS, cold standalone (-cache=off) / staticcheck", "reconcilelint (standalone)|warm build", "staticcheck v0.8.2|warm build", 2.0)
		const baseline = "cold (-cache=off), against the baseline"
		if _, ok := get["reconcilelint (baseline)|"+baseline]; ok {
			row("cold standalone (-cache=off) / the baseline's", "reconcilelint (standalone)|"+baseline, "reconcilelint (baseline)|"+baseline, 1.1)
		}
		absRow("language server: didOpen of the controller to its diagnostics, warm result cache", lspTool+"|"+lspOpenWarm, time.Second)
		absRow("language server: didChange (one comment line) to the diagnostics of that version", lspTool+"|"+lspEditWarm, 500*time.Millisecond)
		absRow("language server: didOpen of the controller to its diagnostics, no result cache", lspTool+"|"+lspOpenCold, 0)
		if x, ok := get[gocacheprogTool+"|"+gocacheprogStates[1]]; ok {
			val, met := "failed", "no"
			if x.Cache != nil {
				c := x.Cache
				val = fmt.Sprintf("%d of %d packages", c.Hits, c.Hits+c.Misses)
				if c.Hits+c.Misses > 0 {
					val += fmt.Sprintf(" (%.0f%%)", 100*float64(c.Hits)/float64(c.Hits+c.Misses))
				}
				if a := get[gocacheprogTool+"|"+gocacheprogStates[0]]; a.Cache != nil {
					val += fmt.Sprintf("; machine A stored %d", a.Cache.Stored)
				}
				met = verdict(c.Hits > 0 && c.Misses == 0)
			}
			fmt.Fprintf(&b, "| GOCACHEPROG: result cache hits of machine B's first run | %s | every package | %s |\n", val, met)
			row("GOCACHEPROG: machine B's first run / machine A's", gocacheprogTool+"|"+gocacheprogStates[1], gocacheprogTool+"|"+gocacheprogStates[0], 0)
		}
		var peak int64
		for _, m := range get {
			if (strings.HasPrefix(m.Tool, "reconcilelint") || strings.Contains(m.Tool, "vettool=reconcilelint")) && m.Tool != "reconcilelint (baseline)" {
				peak = max(peak, m.RSS)
			}
		}
		fmt.Fprintf(&b, "| peak RSS of reconcilelint runs | %d MiB | ≤ 1024 MiB | %s |\n\n", peak/1024, verdict(peak <= 1<<20))
	}
	return b.String()
}

// oneLine makes text fit in one line of Markdown.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 1500 {
		s = s[:1500] + " …"
	}
	return s
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
