package requeue

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the requeue rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "requeue",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, recssa.Analyzer},
}.Analyzer(run)

const (
	msgDeprecated = "Result.Requeue re-adds the key through the rate limiter without Forget, so each requeue backs off longer (5ms doubling up to 1000s): set RequeueAfter to the interval you mean; Requeue is deprecated since controller-runtime v0.21"
	msgWithAfter  = "the deprecated Requeue has no effect next to a positive RequeueAfter: remove it"
	msgWithErr    = "Requeue and RequeueAfter are ignored when the returned error is non-nil (the controller requeues the key with backoff for the error; only Result.Priority still applies): return the zero Result"
	// msgWithErrNoPriority is msgWithErr for releases before v0.23, whose Result
	// has no Priority.
	msgWithErrNoPriority = "Requeue and RequeueAfter are ignored when the returned error is non-nil (the controller requeues the key with backoff for the error): return the zero Result"
	// msgMaybeErr is for a Requeue returned with an error that may be non-nil: both
	// paths are wrong in their own way.
	msgMaybeErr = "Result.Requeue is ignored when %s is non-nil: the key backs off for the error instead (5ms doubling up to 1000s); when it is nil, Requeue re-adds the key through the rate limiter without Forget, so each requeue backs off longer; return the error with the zero Result, or a nil error with the RequeueAfter you mean (Requeue is deprecated since controller-runtime v0.21)"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	for cur := range analyzerutil.ResultWrites(pass, rep) {
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
	idx, priority := -1, -1
	var afterPositive bool
	for i := range lit.Elts {
		name, v := analyzerutil.LiteralField(t, lit, i)
		switch name {
		case "Requeue":
			if !isConst(pass, v, false) {
				idx = i
			}
		case "RequeueAfter":
			if tv, ok := pass.TypesInfo.Types[v]; ok && tv.Value != nil {
				if d, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && d > 0 {
					afterPositive = true
				}
			}
		case "Priority":
			priority = i
		}
	}
	if idx < 0 {
		return
	}
	elt := lit.Elts[idx]
	_, keyed := elt.(*ast.KeyValueExpr)
	if afterPositive {
		d := analysis.Diagnostic{Pos: elt.Pos(), End: elt.End(), Message: msgWithAfter}
		// Removing the element keeps the behaviour (RequeueAfter wins) unless its
		// value has a side effect, or the literal is unkeyed.
		if _, v := analyzerutil.LiteralField(t, lit, idx); keyed && pure(pass, v) {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Remove Requeue", TextEdits: []analysis.TextEdit{removeElt(pass, lit, idx)}}}
		}
		rep.Report(d)
		return
	}
	if ret, ok := cur.Parent().Node().(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == lit &&
		analyzerutil.CertainlyNonNil(pass, cur.Parent(), ret.Results[1]) {
		d := analysis.Diagnostic{Pos: elt.Pos(), End: elt.End(), Message: msgWithErr}
		if !hasField(t, "Priority") {
			d.Message = msgWithErrNoPriority
		}
		// The controller ignores the Result on the error path except its Priority,
		// which it applies before anything else: the fix keeps Priority. Values with
		// side effects are not dropped.
		dropped := true
		for i := range lit.Elts {
			if _, v := analyzerutil.LiteralField(t, lit, i); i != priority && !pure(pass, v) {
				dropped = false
			}
		}
		if dropped && lit.Type != nil && (keyed || priority < 0) {
			text := types.ExprString(lit.Type) + "{}"
			msg := "Return the zero Result"
			if priority >= 0 {
				pv := lit.Elts[priority].(*ast.KeyValueExpr).Value
				text = types.ExprString(lit.Type) + "{Priority: " + string(source(pass, pv)) + "}"
				msg = "Return a Result with only Priority"
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   msg,
				TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(text)}},
			}}
		}
		rep.Report(d)
		return
	}
	msg := msgDeprecated
	if ret, ok := cur.Parent().Node().(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == lit &&
		maybeNonNil(pass, cur.Parent(), ret) {
		msg = fmt.Sprintf(msgMaybeErr, types.ExprString(ret.Results[1]))
	}
	rep.Report(analysis.Diagnostic{Pos: elt.Pos(), End: elt.End(), Message: msg})
}

// maybeNonNil reports whether the error that ret returns beside a Result may be
// non-nil: it is not the nil literal and, where the package has SSA (it declares an
// entry point), the value-flow analysis does not find it nil on that path. Elsewhere
// anything but nil may be non-nil.
func maybeNonNil(pass *analysis.Pass, cur inspector.Cursor, ret *ast.ReturnStmt) bool {
	if tv, ok := pass.TypesInfo.Types[ret.Results[1]]; ok && tv.IsNil() {
		return false
	}
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return true
	}
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fn := s.Func(c.Node())
		if fn == nil {
			return true
		}
		for _, r := range recssa.Returns(fn) {
			if r.Pos() == ret.Pos() && r.Parent() == fn {
				return recssa.MayBeNonNil(r.Results[len(r.Results)-1], r.Block())
			}
		}
		return true
	}
	return true
}

// removeElt returns the edit that removes element i of the keyed literal lit (which
// has at least two elements) and keeps the rest gofmt-clean. An element alone on its
// lines is removed with those lines, its trailing comma and comment included.
func removeElt(pass *analysis.Pass, lit *ast.CompositeLit, i int) analysis.TextEdit {
	tf := pass.Fset.File(lit.Pos())
	elt := lit.Elts[i]
	prevEnd := lit.Lbrace + 1
	if i > 0 {
		prevEnd = lit.Elts[i-1].End()
	}
	nextPos := lit.Rbrace
	if i+1 < len(lit.Elts) {
		nextPos = lit.Elts[i+1].Pos()
	}
	first, last := tf.Line(elt.Pos()), tf.Line(elt.End())
	if tf.Line(prevEnd) < first && last < tf.Line(nextPos) {
		// From the newline that ends the previous line to the one that ends the
		// element's last line.
		return analysis.TextEdit{Pos: tf.LineStart(first) - 1, End: tf.LineStart(last+1) - 1}
	}
	if i+1 < len(lit.Elts) {
		return analysis.TextEdit{Pos: elt.Pos(), End: nextPos}
	}
	return analysis.TextEdit{Pos: prevEnd, End: elt.End()}
}

// source returns the source text of n.
func source(pass *analysis.Pass, n ast.Node) []byte {
	var b bytes.Buffer
	if err := format.Node(&b, pass.Fset, n); err != nil {
		return []byte(types.ExprString(n.(ast.Expr)))
	}
	return b.Bytes()
}

// pure reports whether evaluating e has no side effect: it contains no call other than
// a conversion, no receive and no function literal.
func pure(pass *analysis.Pass, e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, isType := pass.TypesInfo.Types[n.Fun]; !isType || !tv.IsType() {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
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
			// A *Result parameter writes through to the caller's Result.
			if v.Kind() != types.ParamVar {
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

// declaringFunc returns the type and body of the innermost function enclosing cur that
// declares v (as a parameter, a result or a local), or nils.
func declaringFunc(cur inspector.Cursor, v *types.Var) (*ast.FuncType, *ast.BlockStmt) {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		n := c.Node()
		if n.Pos() > v.Pos() || v.Pos() >= n.End() {
			continue
		}
		switch f := n.(type) {
		case *ast.FuncDecl:
			return f.Type, f.Body
		case *ast.FuncLit:
			return f.Type, f.Body
		}
	}
	return nil, nil
}

// returned reports whether the Result variable v, assigned at cur, is returned by the
// function that declares it: named in a return statement (of that function or of a
// closure inside it), or a named result with a bare return.
func returned(pass *analysis.Pass, cur inspector.Cursor, v *types.Var) bool {
	ftype, body := declaringFunc(cur, v)
	if body == nil {
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
	var visit func(n ast.Node, own bool)
	visit = func(n ast.Node, own bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				// A bare return in a closure returns the closure's results.
				visit(n.Body, false)
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == 0 && isResult && own {
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
	}
	visit(body, true)
	return found
}

// hasField reports whether the struct under t has a field of that name
// (Result.Priority exists from controller-runtime v0.23).
func hasField(t types.Type, name string) bool {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return true
		}
	}
	return false
}
