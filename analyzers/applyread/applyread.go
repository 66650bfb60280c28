package applyread

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
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

// Analyzer is the applyread rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const msg = "server-side apply of %s, which was read from the cluster by %s at line %d: the apply sends every field of the live object, defaults and other managers' fields included, so this field manager claims them all and conflicts with or overwrites the other managers, and while the object carries the managedFields it was read with, the API server refuses the request (metadata.managedFields must be nil); apply an object built with only the fields this controller sets, or an apply configuration with Client.Apply"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	applies := map[*ast.CallExpr]bool{}
	for _, a := range flow.Applies() {
		op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, a.Call)
		if ok && op.Method == "Patch" && len(a.Call.Args) >= 2 {
			applies[a.Call] = true
		}
	}
	if len(applies) == 0 {
		return rep.Outcome(), nil
	}
	for _, f := range pass.Files {
		// Each apply is judged in the innermost function that holds it.
		var stack []*ast.BlockStmt
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					stack = append(stack, n.Body)
					ast.Inspect(n.Body, inner(&stack, pass, rep, applies))
					stack = stack[:len(stack)-1]
				}
				return false
			}
			return true
		})
	}
	return rep.Outcome(), nil
}

// inner visits a function body, descending into function literals with their own body
// on the stack.
func inner(stack *[]*ast.BlockStmt, pass *analysis.Pass, rep *analyzerutil.Reporter, applies map[*ast.CallExpr]bool) func(ast.Node) bool {
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			*stack = append(*stack, n.Body)
			ast.Inspect(n.Body, visit)
			*stack = (*stack)[:len(*stack)-1]
			return false
		case *ast.CallExpr:
			if applies[n] && !rep.Skip(n.Pos()) {
				body := (*stack)[len(*stack)-1]
				fs := &funcState{pass: pass, body: body}
				if r, ok := fs.readAt(n.Args[1], n.Pos(), 0); ok {
					rep.Report(analysis.Diagnostic{
						Pos: n.Pos(), End: n.End(),
						Message: fmt.Sprintf(msg, types.ExprString(n.Args[1]), r.what, pass.Fset.Position(r.pos).Line),
					})
				}
			}
		}
		return true
	}
	return visit
}

type funcState struct {
	pass *analysis.Pass
	body *ast.BlockStmt
}

// read is the Get or List that filled an object.
type read struct {
	what string // "r.Get", the call as written
	pos  token.Pos
}

// readAt reports whether the object expression e (v, &v, list.Items[i], &list.Items[i])
// holds, at pos, an object last filled by a Get or List of the function.
func (fs *funcState) readAt(e ast.Expr, pos token.Pos, depth int) (read, bool) {
	if depth > 8 {
		return read{}, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		if sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Items" {
			return fs.readAt(sel.X, pos, depth+1)
		}
		return read{}, false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return read{}, false
	}
	v, ok := fs.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return read{}, false
	}
	return fs.varAt(v, pos, depth)
}

// event is something that sets a variable: a read, a fresh object (src nil, no read),
// or a copy of another expression (src).
type event struct {
	pos   token.Pos
	read  *read
	src   ast.Expr // the value is a copy of src at pos (for a range over x.Items, x)
	fresh bool
}

// varAt reports whether the last event that set v before pos is a read (directly, or
// through a copy of a read object).
func (fs *funcState) varAt(v *types.Var, pos token.Pos, depth int) (read, bool) {
	info := fs.pass.TypesInfo
	var last *event
	note := func(ev event) {
		if ev.pos < pos && (last == nil || ev.pos >= last.pos) {
			last = &ev
		}
	}
	is := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		obj := info.Uses[id]
		if obj == nil {
			obj = info.Defs[id]
		}
		return obj == v
	}
	assign := func(at token.Pos, rhs ast.Expr) {
		if rhs == nil {
			note(event{pos: at, fresh: true}) // var v T
			return
		}
		r := ast.Unparen(rhs)
		if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
			r = ast.Unparen(u.X)
		}
		switch r := r.(type) {
		case *ast.CompositeLit:
			note(event{pos: at, fresh: true})
			return
		case *ast.Ident, *ast.IndexExpr:
			note(event{pos: at, src: r})
			return
		case *ast.StarExpr:
			note(event{pos: at, src: r.X})
			return
		case *ast.CallExpr:
			if id, ok := ast.Unparen(r.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
					note(event{pos: at, fresh: true})
					return
				}
			}
			if sel, ok := ast.Unparen(r.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" && len(r.Args) == 0 {
				note(event{pos: at, src: sel.X})
				return
			}
		}
		note(event{pos: at}) // from elsewhere: not visible
	}
	ast.Inspect(fs.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if is(l) {
						assign(n.Pos(), n.Rhs[i])
					}
				}
			} else {
				for _, l := range n.Lhs {
					if is(l) {
						note(event{pos: n.Pos()})
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					assign(n.Pos(), n.Values[i])
				} else if len(n.Values) == 0 {
					assign(n.Pos(), nil)
				} else {
					note(event{pos: n.Pos()})
				}
			}
		case *ast.RangeStmt:
			if n.Value != nil && is(n.Value) {
				if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Items" {
					note(event{pos: n.Pos(), src: sel.X})
				} else {
					note(event{pos: n.Pos()})
				}
			}
		case *ast.CallExpr:
			op, ok := k8sapi.ClientCall(fs.pass.Pkg, info, n)
			if !ok || op.Iface != "Reader" {
				return true
			}
			var out ast.Expr
			switch {
			case op.Method == "Get" && len(n.Args) >= 3:
				out = n.Args[2]
			case op.Method == "List" && len(n.Args) >= 2:
				out = n.Args[1]
			}
			if out != nil && is(out) {
				note(event{pos: n.Pos(), read: &read{what: shortName(n), pos: n.Pos()}})
			}
		}
		return true
	})
	switch {
	case last == nil || last.fresh:
		return read{}, false
	case last.read != nil:
		return *last.read, true
	case last.src != nil:
		return fs.readAt(last.src, last.pos, depth+1)
	}
	return read{}, false
}

// shortName is the read call as the user wrote it, shortened: "r.Get".
func shortName(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 40 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
	}
	return s
}
