package applyowner

import (
	_ "embed"
	"go/constant"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the applyowner rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const (
	msgMissing  = "server-side apply without a client.FieldOwner option: the API server rejects an apply request that names no field manager (fieldManager: Required value), unless the client was built with a default owner"
	msgEmpty    = "server-side apply with an empty field owner: the API server rejects an apply request that names no field manager (fieldManager: Required value)"
	msgNonConst = "the field owner of a server-side apply is not a constant: fields applied under one manager name stay owned by it when the name changes, so they are never removed and conflict with the new manager"
	msgForce    = "client.ForceOwnership takes fields that other managers (users, autoscalers, other controllers) set without a conflict error, and the managers then overwrite each other on every reconcile: drop it, or list this package in allowForceOwnership while migrating field ownership"
)

func run(pass *analysis.Pass, s *settings) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	for _, a := range flow.Applies() {
		if rep.Skip(a.Call.Pos()) {
			continue
		}
		if len(a.Owners) == 0 && !a.Unknown && !s.clientOwner {
			rep.Reportf(a.Call, "%s", msgMissing)
		}
		if s.reportForce && !s.forceAllowed(pass.Pkg.Path()) {
			for _, n := range a.Force {
				rep.Reportf(n, "%s", msgForce)
			}
		}
	}
	for _, f := range flow.FlowsTo(valueflow.FieldOwner) {
		if rep.Skip(f.Expr.Pos()) {
			continue
		}
		judge(rep, f)
	}
	return rep.Outcome(), nil
}

// judge reports a field owner that is an empty constant or not a constant. Parameters
// are judged at the calls of their function, fields at the stores into them (the pass
// makes those flows of their own).
func judge(rep *analyzerutil.Reporter, f valueflow.Flow) {
	const does = "uses it as the field owner of a server-side apply"
	for _, o := range f.Origins {
		if o.Kind == valueflow.Const && !o.Placeholder && o.Value.Kind() == constant.String && constant.StringVal(o.Value) == "" {
			rep.Reportf(f.Expr, "%s%s", msgEmpty, f.Through(o, does))
			break
		}
	}
	for _, o := range f.Origins {
		switch o.Kind {
		case valueflow.Const, valueflow.Param, valueflow.Field:
			continue
		}
		rep.Reportf(f.Expr, "%s%s", msgNonConst, f.Through(o, does))
		return
	}
}
