package sleep

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

// Analyzer is the sleep rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

func run(pass *analysis.Pass, allow map[string]bool) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
sites:
	for _, s := range r.Sites(reach.Blocking) {
		chain, kind, ok := r.ReachedAs(s.Func)
		if !ok || allow[s.Desc] {
			continue
		}
		for _, step := range s.Via {
			if allow[step] {
				continue sites
			}
		}
		if kind.Webhook() {
			wait := analyzerutil.Wait(kind)
			if s.Via == nil {
				rep.Reportf(s.Node, "%s blocks the webhook: %s; do not wait in a webhook, decide from what is known now%s",
					s.Desc, wait, analyzerutil.Chain(chain))
				continue
			}
			rep.Reportf(s.Node, "%s blocks the webhook via %s: %s; do not wait in a webhook, decide from what is known now%s",
				s.Desc, s.Via[len(s.Via)-1], wait, analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
			continue
		}
		if s.Via == nil {
			rep.Reportf(s.Node, "%s blocks the reconcile worker: return a Result with RequeueAfter instead%s",
				s.Desc, analyzerutil.Chain(chain))
			continue
		}
		rep.Reportf(s.Node, "%s blocks the reconcile worker via %s: return a Result with RequeueAfter instead%s",
			s.Desc, s.Via[len(s.Via)-1], analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
	}
	return rep.Outcome(), nil
}
