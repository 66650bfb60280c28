package mergefrom

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Error
)

// Analyzer is the mergefrom rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "mergefrom",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, directives.Analyzer},
}.Analyzer(run)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Patch") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	reported := map[*ast.CallExpr]bool{}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if rep.Skip(call.Pos()) || len(call.Args) < 3 {
			continue
		}
		op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call)
		if !ok || op.Method != "Patch" || !op.IsWrite() {
			continue
		}
		var fn ast.Node
		for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			fn = c.Node()
			break
		}
		if fn == nil {
			continue
		}
		p, ok := k8sapi.PatchOf(pass.TypesInfo, fn, call.Args[2], call.Pos())
		if !ok || reported[p.Call] {
			continue
		}
		objKey, _, ok := k8sapi.RefKey(pass.TypesInfo, call.Args[1])
		if !ok {
			continue
		}
		baseKey, root, ok := k8sapi.RefKey(pass.TypesInfo, p.Base)
		if !ok || baseKey != objKey {
			continue
		}
		inline := p.Call == ast.Unparen(call.Args[2])
		if !inline && k8sapi.Assigned(pass.TypesInfo, fn, root, p.Call.End(), call.Pos()) {
			continue // the variable points to another object at the Patch call
		}
		reported[p.Call] = true
		name := types.ExprString(p.Base)
		var chain []string
		if c, ok := rr.Reached(fn); ok {
			chain = c
		}
		d := analysis.Diagnostic{Pos: p.Base.Pos(), End: p.Base.End()}
		if inline {
			d.Message = "client." + p.Func + " is given " + name + ", the object this Patch sends: the patch is always empty and the change is lost: take " +
				"the base with DeepCopy before changing the object" + analyzerutil.Chain(chain)
		} else {
			fix := "a copy made with DeepCopyObject"
			t := pass.TypesInfo.TypeOf(p.Base)
			if t != nil && k8sapi.DeepCopyMethod(t) {
				fix = copyText(p.Base)
			}
			d.Message = "client." + p.Func + " is given " + name + ", the object later patched, not a copy: the patch is always empty and the change is lost: pass " +
				fix + analyzerutil.Chain(chain)
			if t != nil && k8sapi.DeepCopyMethod(t) {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   "pass " + copyText(p.Base),
					TextEdits: []analysis.TextEdit{{Pos: p.Base.Pos(), End: p.Base.End(), NewText: []byte(copyText(p.Base))}},
				}}
			}
		}
		rep.Report(d)
	}
	return rep.Outcome(), nil
}

// copyText returns the source of base.DeepCopy(), looking through a leading &.
func copyText(base ast.Expr) string {
	e := ast.Unparen(base)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	s := types.ExprString(e)
	if _, ok := e.(*ast.StarExpr); ok {
		s = "(" + s + ")"
	}
	return s + ".DeepCopy()"
}
