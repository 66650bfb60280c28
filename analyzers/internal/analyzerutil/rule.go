package analyzerutil

import "golang.org/x/tools/go/analysis"

// Rule is what a rule's analyzer is made of besides its options: the rule's name, the
// text of its doc.go (the Doc and URL come from it) and the passes it requires. Every
// rule analyzer returns an *Outcome.
//
// A rule with no options declares only its Analyzer, Rule{...}.Analyzer(run), and no
// Config: the registry gives it a NoOptions entry under rules.NAME. A rule with options
// declares a Config, DefaultConfig() and New(Config), which validates the options and
// builds the analyzer with Configured or Allowing.
type Rule struct {
	Name     string
	Doc      string
	Requires []*analysis.Analyzer
}

// NoOptions is the settings entry of a rule that has no options: rules.NAME accepts an
// empty object and rejects any key.
type NoOptions struct{}

// Analyzer returns the rule's analyzer running run.
func (r Rule) Analyzer(run func(*analysis.Pass) (any, error)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       r.Name,
		Doc:        MustExtractDoc(r.Doc, r.Name),
		URL:        DocURL(r.Name),
		Requires:   r.Requires,
		Run:        run,
		ResultType: OutcomeType,
	}
}

// Configured returns the analyzer of rule r running run with the options o, already
// validated.
func Configured[O any](r Rule, o O, run func(*analysis.Pass, O) (any, error)) *analysis.Analyzer {
	return r.Analyzer(func(pass *analysis.Pass) (any, error) { return run(pass, o) })
}

// Allowing validates an `allow` option (see AllowSet; examples are quoted in the
// error) and returns the analyzer of rule r running run with the set.
func Allowing(r Rule, allow []string, examples string, run func(*analysis.Pass, map[string]bool) (any, error)) (*analysis.Analyzer, error) {
	set, err := AllowSet(allow, examples)
	if err != nil {
		return nil, err
	}
	return Configured(r, set, run), nil
}
