package requeue

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Config is the configuration of the requeue rule. It has no options.
type Config struct{}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config { return Config{} }

// New returns a requeue analyzer configured with c.
func New(c Config) (*analysis.Analyzer, error) {
	return &analysis.Analyzer{
		Name:       "requeue",
		Doc:        analyzerutil.MustExtractDoc(doc, "requeue"),
		URL:        analyzerutil.DocURL("requeue"),
		Requires:   []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer},
		Run:        run,
		ResultType: analyzerutil.OutcomeType,
	}, nil
}

// Analyzer is the requeue rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const (
	msgDeprecated = "Result.Requeue is deprecated: the key is re-added through the rate limiter without Forget, so each requeue backs off longer (5ms doubling up to 1000s); set RequeueAfter to the interval you mean"
	msgWithAfter  = "Requeue has no effect next to a positive RequeueAfter (and is deprecated): remove it"
	msgWithErr    = "Requeue is ignored when the returned error is non-nil: the controller requeues with backoff for the error; return the zero Result"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ReconcilePkg, "Result") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		if rep.Skip(cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			checkLiteral(pass, rep, cur, n)
		case *ast.AssignStmt:
			checkAssign(pass, rep, cur, n)
		}
	}
	return rep.Outcome(), nil
}

func checkLiteral(pass *analysis.Pass, rep *analyzerutil.Reporter, cur inspector.Cursor, lit *ast.CompositeLit) {
	t := pass.TypesInfo.TypeOf(lit)
	if t == nil || !k8sapi.IsResult(t) {
		return
	}
	idx := -1
	var afterPositive bool
	for i, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch key.Name {
		case "Requeue":
			if !isConst(pass, kv.Value, false) {
				idx = i
			}
		case "RequeueAfter":
			if tv, ok := pass.TypesInfo.Types[kv.Value]; ok && tv.Value != nil {
				if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && v > 0 {
					afterPositive = true
				}
			}
		}
	}
	if idx < 0 {
		return
	}
	elt := lit.Elts[idx]
	if afterPositive {
		var edit analysis.TextEdit
		if idx+1 < len(lit.Elts) {
			edit = analysis.TextEdit{Pos: elt.Pos(), End: lit.Elts[idx+1].Pos()}
		} else {
			edit = analysis.TextEdit{Pos: lit.Elts[idx-1].End(), End: elt.End()}
		}
		rep.Report(analysis.Diagnostic{
			Pos: elt.Pos(), End: elt.End(), Message: msgWithAfter,
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Remove Requeue", TextEdits: []analysis.TextEdit{edit}}},
		})
		return
	}
	if ret, ok := cur.Parent().Node().(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == lit &&
		certainlyNonNil(pass, cur.Parent(), ret.Results[1]) {
		typ := "reconcile.Result"
		if lit.Type != nil {
			typ = types.ExprString(lit.Type)
		}
		rep.Report(analysis.Diagnostic{
			Pos: elt.Pos(), End: elt.End(), Message: msgWithErr,
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Return the zero Result",
				TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(typ + "{}")}},
			}},
		})
		return
	}
	rep.Report(analysis.Diagnostic{Pos: elt.Pos(), End: elt.End(), Message: msgDeprecated})
}

func checkAssign(pass *analysis.Pass, rep *analyzerutil.Reporter, cur inspector.Cursor, as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Requeue" {
			continue
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || isConst(pass, as.Rhs[i], false) {
			continue
		}
		switch {
		case k8sapi.IsResult(v.Type()):
			if !returned(pass, cur, v) {
				continue
			}
		case k8sapi.IsPointerTo(v.Type(), k8sapi.ReconcilePkg, "Result"):
			if !isParam(cur, pass, v) {
				continue
			}
		default:
			continue
		}
		rep.Reportf(lhs, "%s", msgDeprecated)
	}
}

// isConst reports whether e is the boolean constant b.
func isConst(pass *analysis.Pass, e ast.Expr, b bool) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == b
}

// enclosingFunc returns the innermost function enclosing cur.
func enclosingFunc(cur inspector.Cursor) (ast.Node, *ast.FuncType, *ast.BlockStmt) {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := c.Node().(type) {
		case *ast.FuncDecl:
			return f, f.Type, f.Body
		case *ast.FuncLit:
			return f, f.Type, f.Body
		}
	}
	return nil, nil, nil
}

// returned reports whether the variable v is returned by the function enclosing cur:
// named in a return statement, or a named result with a bare return.
func returned(pass *analysis.Pass, cur inspector.Cursor, v *types.Var) bool {
	fn, ftype, body := enclosingFunc(cur)
	if fn == nil || body == nil {
		return false
	}
	isResult := false
	if ftype.Results != nil {
		for _, f := range ftype.Results.List {
			for _, name := range f.Names {
				if pass.TypesInfo.Defs[name] == v {
					isResult = true
				}
			}
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 && isResult {
				found = true
			}
			for _, r := range n.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		}
		return true
	})
	return found || isResult
}

// isParam reports whether v is a parameter of the function enclosing cur.
func isParam(cur inspector.Cursor, pass *analysis.Pass, v *types.Var) bool {
	_, ftype, _ := enclosingFunc(cur)
	if ftype == nil {
		return false
	}
	for _, f := range ftype.Params.List {
		for _, name := range f.Names {
			if pass.TypesInfo.Defs[name] == v {
				return true
			}
		}
	}
	return false
}

// certainlyNonNil reports whether the error expression e, returned by the return
// statement at ret, is certainly non-nil there.
func certainlyNonNil(pass *analysis.Pass, ret inspector.Cursor, e ast.Expr) bool {
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CallExpr:
		return k8sapi.IsFuncCall(pass.TypesInfo, e, "errors", "New") ||
			k8sapi.IsFuncCall(pass.TypesInfo, e, "fmt", "Errorf") ||
			k8sapi.IsFuncCall(pass.TypesInfo, e, k8sapi.ReconcilePkg, "TerminalError")
	case *ast.UnaryExpr:
		_, ok := e.X.(*ast.CompositeLit)
		return e.Op == token.AND && ok
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		// Inside `if v != nil { ... }` with no assignment to v in the block before the return.
		child := ret
		for c := range ret.Parent().Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			ifs, ok := c.Node().(*ast.IfStmt)
			if !ok {
				return false
			}
			if inBody(ifs.Body, child.Node()) && testsNonNil(pass, ifs.Cond, v) {
				return !assignedBetween(pass, ifs.Body, child.Node().Pos(), v)
			}
			child = c
		}
	}
	return false
}

func inBody(body *ast.BlockStmt, n ast.Node) bool {
	return body.Pos() <= n.Pos() && n.End() <= body.End()
}

// testsNonNil reports whether cond is `v != nil`, `nil != v`, or a && chain containing one.
func testsNonNil(pass *analysis.Pass, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return testsNonNil(pass, b.X, v) || testsNonNil(pass, b.Y, v)
	case token.NEQ:
		isV := func(x ast.Expr) bool {
			id, ok := ast.Unparen(x).(*ast.Ident)
			return ok && pass.TypesInfo.Uses[id] == v
		}
		isNil := func(x ast.Expr) bool {
			tv, ok := pass.TypesInfo.Types[x]
			return ok && tv.IsNil()
		}
		return isV(b.X) && isNil(b.Y) || isNil(b.X) && isV(b.Y)
	}
	return false
}

// assignedBetween reports whether v is assigned in body before pos.
func assignedBetween(pass *analysis.Pass, body *ast.BlockStmt, pos token.Pos, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (pass.TypesInfo.Uses[id] == v || pass.TypesInfo.Defs[id] == v) {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && pass.TypesInfo.Uses[id] == v {
				found = true // its address escapes
			}
		}
		return true
	})
	return found
}
