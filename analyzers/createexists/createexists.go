package createexists

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
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

// Analyzer is the createexists rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "createexists",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, reach.Analyzer, reconcilers.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const (
	existsMsg   = "%s of %s returns its error, AlreadyExists included, and nothing looks the object up before it: once a Create has succeeded (or the object exists for another reason), every reconcile fails here with AlreadyExists and backs off towards 16 minutes, forever; Get it first and create it only on NotFound, treat AlreadyExists as done (client.IgnoreAlreadyExists), or use controllerutil.CreateOrUpdate%s"
	generateMsg = "%s of %s, named by GenerateName, with no List of the existing ones before it: every retry of this reconcile (an error after the Create, a conflict on a later write) and every pass on a cache that has not yet seen the last one creates one more; list the children (by label or owner) and create only the missing ones, or give the child a deterministic name%s"
)

// state is what the rule knows of the package.
type state struct {
	pass    *analysis.Pass
	flow    *valueflow.Result
	callers map[*types.Func][]objwrite.Site // calls of the package's functions, by callee
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer") == nil {
		return rep.Outcome(), nil
	}
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	if len(rr.Funcs()) == 0 {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	st := &state{pass: pass, flow: pass.ResultOf[valueflow.Analyzer].(*valueflow.Result), callers: objwrite.CallSites(pass, ins)}
	entries := map[ast.Node]bool{}
	for _, e := range pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result).Entries() {
		entries[e.Node] = true
	}
	for _, fn := range rr.Funcs() {
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		chain, _ := rr.Reached(fn)
		var obj *types.Func
		if d, ok := fn.(*ast.FuncDecl); ok {
			obj, _ = pass.TypesInfo.Defs[d.Name].(*types.Func)
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call)
			if !ok || op.Iface != "Writer" || op.Method != "Create" {
				return true
			}
			t := objType(pass.TypesInfo.TypeOf(call.Args[1]))
			if t == nil || createOnly(t) {
				return true
			}
			name, what := types.ExprString(call.Fun), types.ExprString(call.Args[1])
			switch generated(pass.TypesInfo, body, call.Args[1], call.Pos()) {
			case true:
				if !st.looked(body, call.Pos(), t, true) && !st.callerLooked(obj, t, true, entries[fn], 0) {
					rep.Reportf(call, generateMsg, name, what, analyzerutil.Chain(chain))
				}
			case false:
				if obj != nil && st.returnsExists(obj, call) && !st.looked(body, call.Pos(), t, false) && !st.callerLooked(obj, t, false, entries[fn], 0) {
					rep.Reportf(call, existsMsg, name, what, analyzerutil.Chain(chain))
				}
			}
			return true
		})
	}
	return rep.Outcome(), nil
}

// objType returns the named type of an object expression (through one pointer).
func objType(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	return k8sapi.Named(t)
}

// createOnly reports whether objects of type t are never stored, so a Create of one
// cannot conflict: access and token reviews, token requests, evictions.
func createOnly(t *types.Named) bool {
	obj := t.Obj()
	if obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return strings.HasPrefix(p, "k8s.io/api/authorization/") || strings.HasPrefix(p, "k8s.io/api/authentication/") ||
		strings.HasSuffix(obj.Name(), "Review") || obj.Name() == "TokenRequest" || obj.Name() == "Eviction"
}

// generated reports whether the object e holds at pos is named by GenerateName: the
// composite literal it was built from sets GenerateName and not Name, or the function
// sets its GenerateName (a field assignment or SetGenerateName) before pos.
func generated(info *types.Info, body *ast.BlockStmt, e ast.Expr, pos token.Pos) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return litGenerated(lit)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	gen := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (sel.Sel.Name == "GenerateName" || sel.Sel.Name == "Name") && rootIs(info, sel.X, v) {
					gen = sel.Sel.Name == "GenerateName"
				}
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v && len(n.Rhs) == len(n.Lhs) {
					r := ast.Unparen(n.Rhs[i])
					if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
						r = ast.Unparen(u.X)
					}
					lit, ok := r.(*ast.CompositeLit)
					gen = ok && litGenerated(lit)
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "SetGenerateName" || sel.Sel.Name == "SetName") && rootIs(info, sel.X, v) {
				gen = sel.Sel.Name == "SetGenerateName"
			}
		}
		return true
	})
	return gen
}

// rootIs reports whether x is v or v.ObjectMeta.
func rootIs(info *types.Info, x ast.Expr, v types.Object) bool {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		x = ast.Unparen(sel.X)
	}
	id, ok := x.(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}

// litGenerated reports whether the object literal sets GenerateName and not Name in its
// ObjectMeta.
func litGenerated(lit *ast.CompositeLit) bool {
	gen, name := false, false
	ast.Inspect(lit, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			switch id.Name {
			case "GenerateName":
				gen = true
			case "Name":
				name = true
			}
		}
		return true
	})
	return gen && !name
}

// returnsExists reports whether fn returns the error of the Create call, AlreadyExists
// not told apart on the way.
func (st *state) returnsExists(fn *types.Func, call *ast.CallExpr) bool {
	p := st.pass.Fset.Position(call.Pos())
	pos := filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
	for _, s := range st.flow.ErrSources(fn) {
		if s.Write && s.Method == "Create" && s.Pos == pos && len(s.Chain) == 1 && !s.AlreadyExists {
			return true
		}
	}
	return false
}

// looked reports whether body, before pos, looks up objects of type t: a Get into one
// or a List of them (only a List when listOnly), or a call of a function of the module
// that returns the error of a Get or returns an object it read.
func (st *state) looked(body *ast.BlockStmt, pos token.Pos, t *types.Named, listOnly bool) bool {
	info := st.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if op, ok := k8sapi.ClientCall(st.pass.Pkg, info, call); ok {
			if op.Iface == "Reader" {
				switch {
				case op.Method == "Get" && len(call.Args) >= 3 && !listOnly:
					found = sameType(objType(info.TypeOf(call.Args[2])), t)
				case op.Method == "List" && len(call.Args) >= 2:
					found = sameType(itemType(info.TypeOf(call.Args[1])), t)
				}
			}
			return true
		}
		if fn, ok := k8sapi.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && !listOnly {
			if len(st.flow.ReadResults(fn)) > 0 {
				found = true
			}
			for _, s := range st.flow.ErrSources(fn) {
				if !s.Write && s.Method == "Get" {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// callerLooked reports whether a call of fn in this package is preceded, in its
// function or in that function's callers, by a lookup of objects of type t; false for
// an entry point.
func (st *state) callerLooked(fn *types.Func, t *types.Named, listOnly, entry bool, depth int) bool {
	if fn == nil || entry || depth > 3 {
		return false
	}
	for _, s := range st.callers[fn] {
		if s.Body == nil {
			continue
		}
		if st.looked(s.Body, s.Call.Pos(), t, listOnly) {
			return true
		}
		if s.Func != nil && st.callerLooked(s.Func, t, listOnly, false, depth+1) {
			return true
		}
	}
	return false
}

// itemType returns the element type of the Items of a list type.
func itemType(t types.Type) *types.Named {
	n := objType(t)
	if n == nil {
		return nil
	}
	s, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range s.NumFields() {
		if f := s.Field(i); f.Name() == "Items" {
			if sl, ok := f.Type().Underlying().(*types.Slice); ok {
				return objType(sl.Elem())
			}
		}
	}
	return nil
}

func sameType(a, b *types.Named) bool {
	return a != nil && b != nil && types.Identical(a, b)
}
