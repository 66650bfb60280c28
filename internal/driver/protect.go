package driver

import (
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"
)

var (
	protectMu sync.Mutex
	protected = map[*analysis.Analyzer]bool{}
	// spent is the CPU-side time each analyzer's Run has taken in this process, summed
	// over packages (-timing). Actions run in parallel: the sum exceeds wall time.
	spent sync.Map // analyzer name → *atomic.Int64 (nanoseconds)
)

// writeTimings prints the time spent in each analyzer, largest first.
func writeTimings(w io.Writer) {
	type row struct {
		name string
		d    time.Duration
	}
	var rows []row
	spent.Range(func(k, v any) bool {
		rows = append(rows, row{k.(string), time.Duration(v.(*atomic.Int64).Load())})
		return true
	})
	sort.Slice(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	for _, r := range rows {
		fmt.Fprintf(w, "reconcilelint: timing: %-18s %v\n", r.name, r.d.Round(time.Millisecond))
	}
}

// protect makes every analyzer in the graph of as (rules and the passes they require)
// turn a panic into an error of its action, so that a bug in one analyzer is reported as
// "the analysis could not complete" for one package instead of crashing the process.
// The checker runs actions on their own goroutines, where a caller cannot recover, so
// the guard has to sit inside Run. It changes the analyzers in place, once.
func protect(as []*analysis.Analyzer) {
	protectMu.Lock()
	defer protectMu.Unlock()
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if protected[a] {
			return
		}
		protected[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		run := a.Run
		name := a.Name
		total, _ := spent.LoadOrStore(name, new(atomic.Int64))
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			start := time.Now()
			defer func() {
				total.(*atomic.Int64).Add(int64(time.Since(start)))
				if r := recover(); r != nil {
					pkg := "?"
					if pass.Pkg != nil {
						pkg = pass.Pkg.Path()
					}
					err = fmt.Errorf("internal error: %s panicked on %s: %v\n%s", name, pkg, r, debug.Stack())
				}
			}()
			return run(pass)
		}
	}
	for _, a := range as {
		visit(a)
	}
}
