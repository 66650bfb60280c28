package retryloop

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
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

// Analyzer is the retryloop rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

func run(pass *analysis.Pass, c Config) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	for _, s := range r.Sites(reach.RetryLoop) {
		chain, kind, ok := r.ReachedAs(s.Func)
		if !ok || rep.Skip(s.Node.Pos()) {
			continue
		}
		what := "the loop"
		call := s.Desc
		if s.Via != nil { // a call of a function of another package with a retry loop
			n := len(s.Via)
			what, call, chain = "the loop in "+s.Via[n-2], s.Via[n-1], append(chain, s.Via[:n-1]...)
		}
		if kind.Webhook() {
			rep.Reportf(s.Node, "%s re-runs %s after it fails, in a webhook: %s; return the error and let the client retry%s",
				what, call, analyzerutil.Wait(kind), analyzerutil.Chain(chain))
			continue
		}
		rep.Reportf(s.Node, "%s re-runs %s after it fails: the retry holds the reconcile worker and bypasses the per-object backoff of the queue; return the error instead%s",
			what, call, analyzerutil.Chain(chain))
	}
	if !c.Conflict {
		return rep.Outcome(), nil
	}
	for _, fn := range r.Funcs() { // conflict retries of a webhook's own writes are its business
		chain, _ := r.Reached(fn)
		body := k8sapi.FuncBody(fn)
		if body != nil && !rep.Skip(body.Pos()) {
			conflictClosures(pass, rep, body, chain)
		}
	}
	return rep.Outcome(), nil
}
