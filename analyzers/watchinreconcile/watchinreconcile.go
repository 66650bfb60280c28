package watchinreconcile

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/entry"
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

const webhookConsequence = "every admission request adds another watch or handler, leaking informers and duplicating events, and the first one waits for a cache sync while the API server waits for the webhook: start it once at set-up or deduplicate it"

const conversionConsequence = "every conversion (each read and write of the kind in a version other than the stored one) adds another watch or handler, leaking informers and duplicating events, and the first one waits for a cache sync while the API server waits for the webhook: start it once at set-up or deduplicate it"

const consequence = "every reconcile adds another watch or handler, leaking informers and duplicating events: start it once at set-up (SetupWithManager) or deduplicate it"

func run(pass *analysis.Pass, allow map[string]bool) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
sites:
	for _, s := range r.Sites(reach.Watch) {
		chain, kind, ok := r.ReachedAs(s.Func)
		if !ok {
			continue
		}
		for _, step := range s.Via {
			if allow[step] {
				continue sites
			}
		}
		where, why := "a reconcile path", consequence
		switch kind {
		case entry.Admission:
			where, why = "a webhook", webhookConsequence
		case entry.Conversion:
			where, why = "a webhook", conversionConsequence
		}
		if s.Via == nil {
			rep.Reportf(s.Node, "%s in %s: %s%s", s.Desc, where, why, analyzerutil.Chain(chain))
			continue
		}
		rep.Reportf(s.Node, "%s in %s via %s: %s%s",
			s.Via[len(s.Via)-1], where, s.Via[0], why, analyzerutil.Chain(append(chain, s.Via[:len(s.Via)-1]...)))
	}
	return rep.Outcome(), nil
}
