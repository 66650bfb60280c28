package missingwatch

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/wiring"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = false // 1 finding (debatable) on nine operators, and the wiring pass sees a third of their controllers: docs/precision.md, consolidation round
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the missingwatch rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "missingwatch",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, wiring.Analyzer},
}.Analyzer(run)

const msg = "RequeueAfter polls the %s read at line %d (%s), a kind the controller does not watch: its changes reach the controller only at the next poll or the informer resync (10 hours by default), and every poll reconciles whether anything changed; watch it (Owns for a child, Watches with handler.EnqueueRequestsFromMapFunc otherwise) and return without RequeueAfter%s"

// read is a Get or List of the cluster into a variable of a known kind.
type read struct {
	v    *types.Var
	kind string // "path.Name" of the object's kind (a list's item kind)
	line int
	pos  token.Pos
	call string // "r.Get"
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	wr := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	if len(r.Funcs()) == 0 || len(wr.Controllers) == 0 {
		return rep.Outcome(), nil
	}
	for _, fn := range r.Funcs() {
		if rep.Skip(fn.Pos()) {
			continue
		}
		reads := readsOf(pass, fn)
		if len(reads) == 0 {
			continue
		}
		cs, known := wr.Reaching(fn)
		if !known {
			continue
		}
		var unwatched []read
		for _, rd := range reads {
			if !watchedByAny(cs, rd.kind) {
				unwatched = append(unwatched, rd)
			}
		}
		if len(unwatched) == 0 {
			continue
		}
		chain, _ := r.Reached(fn)
		reported := map[*ast.ReturnStmt]bool{}
		k8sapi.InspectBody(fn, func(n ast.Node) {
			ifs, ok := n.(*ast.IfStmt)
			if !ok {
				return
			}
			for _, rd := range unwatched {
				if ifs.Pos() < rd.pos || !mentions(pass, ifs.Cond, rd.v) {
					continue
				}
				ret := requeueAfterReturn(pass, ifs.Body)
				if ret == nil || reported[ret] {
					continue
				}
				reported[ret] = true
				rep.Report(analysis.Diagnostic{
					Pos: ret.Pos(), End: ret.End(),
					Message: fmt.Sprintf(msg, analyzerutil.ShortKind(rd.kind), rd.line, rd.call, analyzerutil.Chain(chain)),
				})
			}
		})
	}
	return rep.Outcome(), nil
}

// watchedByAny reports whether some controller watches kind, or does not know all its
// watches (then nothing is reported).
func watchedByAny(cs []*wiring.Controller, kind string) bool {
	for _, c := range cs {
		if w, all := c.Watched(kind); w || !all {
			return true
		}
	}
	return false
}

// readsOf lists the client Gets and Lists of fn into local variables of a concrete
// kind.
func readsOf(pass *analysis.Pass, fn ast.Node) []read {
	var out []read
	k8sapi.InspectBody(fn, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call)
		if !ok || op.Iface != "Reader" {
			return
		}
		var obj ast.Expr
		switch {
		case op.Method == "Get" && len(call.Args) >= 3:
			obj = call.Args[2]
		case op.Method == "List" && len(call.Args) >= 2:
			obj = call.Args[1]
		default:
			return
		}
		v := rootVar(pass, obj)
		if v == nil {
			return
		}
		kind := kindOf(pass.TypesInfo.TypeOf(obj), op.Method == "List")
		if kind == "" {
			return
		}
		out = append(out, read{v: v, kind: kind, line: pass.Fset.Position(call.Pos()).Line, pos: call.Pos(), call: types.ExprString(call.Fun)})
	})
	return out
}

// kindOf is "path.Name" of the object type t (of a list's items when list), "" for an
// interface, unstructured or metadata-only object.
func kindOf(t types.Type, list bool) string {
	if t == nil || types.IsInterface(t) {
		return ""
	}
	n := k8sapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	if list {
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return ""
		}
		var item types.Type
		for i := range st.NumFields() {
			if f := st.Field(i); f.Name() == "Items" {
				if s, ok := f.Type().Underlying().(*types.Slice); ok {
					item = s.Elem()
				}
			}
		}
		if item == nil {
			return ""
		}
		return kindOf(item, false)
	}
	k := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	switch n.Obj().Pkg().Path() {
	case "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", "k8s.io/apimachinery/pkg/apis/meta/v1":
		return ""
	}
	return k
}

// mentions reports whether e uses v.
func mentions(pass *analysis.Pass, e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// requeueAfterReturn returns the first return statement of block (not in function
// literals) whose Result has a RequeueAfter that is not the constant zero.
func requeueAfterReturn(pass *analysis.Pass, block *ast.BlockStmt) *ast.ReturnStmt {
	var found *ast.ReturnStmt
	ast.Inspect(block, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				return true
			}
			lit, ok := ast.Unparen(n.Results[0]).(*ast.CompositeLit)
			if !ok || !k8sapi.IsResult(pass.TypesInfo.TypeOf(lit)) {
				return true
			}
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "RequeueAfter" {
					if tv := pass.TypesInfo.Types[kv.Value]; tv.Value != nil && constant.Sign(constant.ToInt(tv.Value)) <= 0 {
						continue
					}
					found = n
				}
			}
		}
		return true
	})
	return found
}

// rootVar returns the variable that e (v or &v) names.
func rootVar(pass *analysis.Pass, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := pass.TypesInfo.Uses[id].(*types.Var)
	return v
}
