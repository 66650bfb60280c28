package driver

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Request is one analysis run, for drivers other than the command line (the language
// server): the analyzers to run, the directory and patterns to load, and unsaved file
// contents (go/packages overlays, absolute file name → content).
type Request struct {
	Analyzers  []*analysis.Analyzer
	Dir        string
	Patterns   []string
	Overlay    map[string][]byte
	BuildFlags []string
}

// Result is the outcome of Analyze.
type Result struct {
	// Findings of the matched packages, sorted by position.
	Findings []Finding
	// Problems are load and type errors and analyzer errors, one line each: the
	// findings of the packages they name may be incomplete.
	Problems []string
}

// Analyze loads the packages matched by the request (dependencies from export data, see
// load) and runs the analyzers on them. Packages that do not type-check are reported in
// Problems and skipped; the others are analysed.
func Analyze(req Request) (*Result, error) {
	lcfg := &packages.Config{Dir: req.Dir, Overlay: req.Overlay, BuildFlags: req.BuildFlags}
	pkgs, report, err := load(lcfg, req.Patterns)
	if err != nil {
		return nil, err
	}
	res := &Result{Problems: loadErrors(pkgs)}
	var good []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) == 0 && !p.IllTyped {
			good = append(good, p)
		}
	}
	protect(req.Analyzers)
	graph, err := checker.Analyze(req.Analyzers, good, nil)
	if err != nil {
		return nil, err
	}
	for _, act := range graph.Roots {
		if !report[act.Package.ID] {
			continue
		}
		if act.Err != nil {
			res.Problems = append(res.Problems, fmt.Sprintf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err))
		}
		for _, d := range act.Diagnostics {
			res.Findings = append(res.Findings, Finding{Rule: act.Analyzer.Name, Posn: act.Package.Fset.Position(d.Pos),
				End: act.Package.Fset.Position(d.End), Message: d.Message, URL: d.URL, Diag: d, Fset: act.Package.Fset, act: act})
		}
	}
	sortFindings(res.Findings)
	return res, nil
}
