package driver

import (
	"fmt"
	"runtime/debug"
	"sync"

	"golang.org/x/tools/go/analysis"
)

var (
	protectMu sync.Mutex
	protected = map[*analysis.Analyzer]bool{}
)

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
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
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
