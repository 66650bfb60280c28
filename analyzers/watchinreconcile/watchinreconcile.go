package watchinreconcile

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the watchinreconcile rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const consequence = "every reconcile adds another watch or handler, leaking informers and duplicating events: start it once at set-up (SetupWithManager) or deduplicate it"

func run(pass *analysis.Pass, allow map[string]bool) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
sites:
	for _, s := range r.Sites(reach.Watch) {
		chain, ok := r.Reached(s.Func)
		if !ok {
			continue
		}
		for _, step := range s.Via {
			if allow[step] {
				continue sites
			}
		}
		if s.Via == nil {
			rep.Reportf(s.Node, "%s in a reconcile path: %s%s", s.Desc, consequence, analyzerutil.Chain(chain))
			continue
		}
		rep.Reportf(s.Node, "%s in a reconcile path via %s: %s%s",
			s.Via[len(s.Via)-1], s.Via[0], consequence, analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
	}
	return rep.Outcome(), nil
}
