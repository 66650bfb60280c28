package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// ReadAt reports whether the object expression e (v, &v, list.Items[i],
// &list.Items[i]) holds, at pos in body, an object last filled by a client Get or List
// of body (directly, or through a copy: x := *v, v.DeepCopy(), a range over the
// Items of a list that was read), or returned by a function of the module whose
// result holds a read object (Summary.Reads: `obj, err := r.fetch(ctx, key)`), and
// returns that read. A fresh object (a composite literal, new, a var declaration) or a
// value from elsewhere is not a read.
func (r *Result) ReadAt(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr, pos token.Pos) (Read, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fs := &funcState{pkg: pass.Pkg, info: pass.TypesInfo, body: body, st: r.st}
	return fs.readAt(e, pos, 0)
}

type funcState struct {
	pkg  *types.Package
	info *types.Info
	body *ast.BlockStmt
	st   *analysisState // for the results of the functions called; nil: not followed
	// fresh selects FreshAt's reading of events (see lastEvent).
	fresh bool
}

// readsOf returns the indexes of the results of fn that hold an object read from the
// cluster: from its fact, or, for a function of this package, from its return
// statements, where every return gives at that index a read object or nil, and one
// at least a read object.
func (st *analysisState) readsOf(fn *types.Func) []int {
	return st.reads.get(st, fn, func(decl *ast.FuncDecl) []int { return st.computeReads(fn, decl) })
}

func (st *analysisState) computeReads(fn *types.Func, decl *ast.FuncDecl) []int {
	return st.objectResults(fn, decl, false, func(fs *funcState, e ast.Expr, pos token.Pos) bool {
		_, ok := fs.readAt(e, pos, 0)
		return ok
	})
}

// objectResults returns the indexes of the results of fn that hold an object for which
// holds says so at every return of decl that does not give nil there (and one return at
// least gives one); fresh selects FreshAt's reading of the function's events.
func (st *analysisState) objectResults(fn *types.Func, decl *ast.FuncDecl, fresh bool, holds func(fs *funcState, e ast.Expr, pos token.Pos) bool) []int {
	res := fn.Signature().Results()
	objects := false
	for i := range res.Len() {
		objects = objects || IsObject(res.At(i).Type())
	}
	if !objects {
		return nil
	}
	fs := &funcState{pkg: st.pass.Pkg, info: st.pass.TypesInfo, body: decl.Body, st: st, fresh: fresh}
	yes := make([]bool, res.Len())
	other := make([]bool, res.Len())
	for ret := range returns(decl.Body) {
		if len(ret.Results) != res.Len() {
			for i := range other {
				other[i] = true // a bare return, or a call returning a tuple
			}
			continue
		}
		for i, e := range ret.Results {
			if !IsObject(res.At(i).Type()) || isNilExpr(st.pass.TypesInfo, e) {
				continue
			}
			if holds(fs, e, ret.Pos()) {
				yes[i] = true
			} else {
				other[i] = true
			}
		}
	}
	var out []int
	for i := range yes {
		if yes[i] && !other[i] {
			out = append(out, i)
		}
	}
	return out
}

// callRead reports whether result i of call holds an object read from the cluster.
func (fs *funcState) callRead(call *ast.CallExpr, i int) (Read, bool) {
	if fs.st == nil {
		return Read{}, false
	}
	fn, ok := k8sapi.Callee(fs.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return Read{}, false
	}
	for _, j := range fs.st.readsOf(fn) {
		if j == i {
			return Read{What: shortName(call), Pos: call.Pos()}, true
		}
	}
	return Read{}, false
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = info.Uses[id].(*types.Nil)
	return ok
}

// Read is the Get or List that filled an object.
type Read struct {
	What string // "r.Get", the call as written
	Pos  token.Pos
}

// readAt reports whether the object expression e (v, &v, list.Items[i], &list.Items[i])
// holds, at pos, an object last filled by a Get or List of the function.
func (fs *funcState) readAt(e ast.Expr, pos token.Pos, depth int) (Read, bool) {
	if depth > 8 {
		return Read{}, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		if sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "Items" {
			return fs.readAt(sel.X, pos, depth+1)
		}
		return Read{}, false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return Read{}, false
	}
	v, ok := fs.info.Uses[id].(*types.Var)
	if !ok {
		return Read{}, false
	}
	return fs.varAt(v, pos, depth)
}

// event is something that sets a variable: a read, a fresh object (src nil, no read),
// or a copy of another expression (src).
type event struct {
	pos   token.Pos
	read  *Read
	src   ast.Expr // the value is a copy of src at pos (for a range over x.Items, x)
	fresh bool
	what  string // fresh: what built it ("a composite literal", "r.newDeployment")
}

// varAt reports whether the last event that set v before pos is a read (directly, or
// through a copy of a read object).
func (fs *funcState) varAt(v *types.Var, pos token.Pos, depth int) (Read, bool) {
	last, _ := fs.lastEvent(v, pos)
	switch {
	case last == nil || last.fresh:
		return Read{}, false
	case last.read != nil:
		return *last.read, true
	case last.src != nil:
		return fs.readAt(last.src, last.pos, depth+1)
	}
	return Read{}, false
}

// lastEvent returns the last event that set v before pos, and, when fs.fresh is set,
// the positions after it where v's resourceVersion is set. In fresh mode a call that
// may fill the object (a client write, which stores the API server's answer in it, a
// decoder, a helper of the package that calls the client, a function of another module)
// is an event that sets it from elsewhere, and events in blocks that end in a return
// and do not hold pos are not on the way to pos.
func (fs *funcState) lastEvent(v *types.Var, pos token.Pos) (*event, []token.Pos) {
	info := fs.info
	var last *event
	var dead [][2]token.Pos
	if fs.fresh {
		dead = deadEnds(fs.body, pos)
	}
	note := func(ev event) {
		for _, d := range dead {
			if d[0] <= ev.pos && ev.pos < d[1] {
				return
			}
		}
		if ev.pos < pos && (last == nil || ev.pos >= last.pos) {
			last = &ev
		}
	}
	var rvs []token.Pos
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
			note(event{pos: at, fresh: true, what: "a var declaration"}) // var v T
			return
		}
		r := ast.Unparen(rhs)
		if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
			r = ast.Unparen(u.X)
		}
		switch r := r.(type) {
		case *ast.CompositeLit:
			note(event{pos: at, fresh: true, what: "a composite literal"})
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
					note(event{pos: at, fresh: true, what: "new"})
					return
				}
			}
			if sel, ok := ast.Unparen(r.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" && len(r.Args) == 0 {
				if fs.fresh && fs.template(sel.X) {
					note(event{pos: at, fresh: true, what: "a copy of " + types.ExprString(sel.X)})
					return
				}
				note(event{pos: at, src: sel.X})
				return
			}
			if rd, ok := fs.callRead(r, 0); ok {
				note(event{pos: at, read: &rd})
				return
			}
			if fs.fresh && fs.callFresh(r, 0) {
				note(event{pos: at, fresh: true, what: shortName(r)})
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
					switch {
					case is(l):
						assign(n.Pos(), n.Rhs[i])
					case fs.fresh && isStarOf(l, is):
						note(event{pos: n.Pos(), src: n.Rhs[i]})
					case fs.fresh && resourceVersionOf(l, is):
						rvs = append(rvs, n.Pos())
					case fs.fresh && objectMetaOf(l, is):
						note(event{pos: n.Pos()}) // the metadata of another object
					}
				}
			} else {
				for i, l := range n.Lhs {
					if !is(l) {
						continue
					}
					if c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 {
						if rd, ok := fs.callRead(c, i); ok {
							note(event{pos: n.Pos(), read: &rd})
							continue
						}
						if fs.fresh && fs.callFresh(c, i) {
							note(event{pos: n.Pos(), fresh: true, what: shortName(c)})
							continue
						}
					}
					note(event{pos: n.Pos()})
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
			op, ok := k8sapi.ClientCall(fs.pkg, info, n)
			if ok && op.Iface == "Reader" {
				var out ast.Expr
				switch {
				case op.Method == "Get" && len(n.Args) >= 3:
					out = n.Args[2]
				case op.Method == "List" && len(n.Args) >= 2:
					out = n.Args[1]
				}
				if out != nil && is(out) {
					note(event{pos: n.Pos(), read: &Read{What: shortName(n), Pos: n.Pos()}})
				}
				return true
			}
			if !fs.fresh {
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetResourceVersion" && is(sel.X) {
				rvs = append(rvs, n.Pos())
				return true
			}
			for _, a := range n.Args {
				if is(a) && fs.fills(n, ok && op.IsWrite()) {
					note(event{pos: n.Pos()})
					break
				}
			}
		}
		return true
	})
	if last == nil {
		return nil, nil
	}
	var after []token.Pos
	for _, p := range rvs {
		if p > last.pos && p < pos {
			after = append(after, p)
		}
	}
	return last, after
}

// deadEnds returns the blocks of body (if and else bodies, case clauses) that end in a
// return and do not hold pos: what happens there does not reach pos.
func deadEnds(body *ast.BlockStmt, pos token.Pos) [][2]token.Pos {
	var out [][2]token.Pos
	add := func(list []ast.Stmt, from, to token.Pos) {
		if len(list) == 0 || (from <= pos && pos < to) {
			return
		}
		if _, ok := list[len(list)-1].(*ast.ReturnStmt); ok {
			out = append(out, [2]token.Pos{from, to})
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			add(n.Body.List, n.Body.Pos(), n.Body.End())
			if b, ok := n.Else.(*ast.BlockStmt); ok {
				add(b.List, b.Pos(), b.End())
			}
		case *ast.CaseClause:
			add(n.Body, n.Pos(), n.End())
		case *ast.CommClause:
			add(n.Body, n.Pos(), n.End())
		}
		return true
	})
	return out
}

// isStarOf reports whether l is *v for the variable is tests.
func isStarOf(l ast.Expr, is func(ast.Expr) bool) bool {
	st, ok := ast.Unparen(l).(*ast.StarExpr)
	return ok && is(st.X)
}

// resourceVersionOf reports whether l is v.ResourceVersion or v.ObjectMeta.ResourceVersion.
func resourceVersionOf(l ast.Expr, is func(ast.Expr) bool) bool {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ResourceVersion" {
		return false
	}
	x := ast.Unparen(sel.X)
	if m, ok := x.(*ast.SelectorExpr); ok && m.Sel.Name == "ObjectMeta" {
		x = m.X
	}
	return is(x)
}

// objectMetaOf reports whether l is v.ObjectMeta.
func objectMetaOf(l ast.Expr, is func(ast.Expr) bool) bool {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "ObjectMeta" && is(sel.X)
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

// ReadResults returns the indexes of the results of fn that hold an object read from
// the cluster (Summary.Reads), from its fact when fn is declared in another package.
func (r *Result) ReadResults(fn *types.Func) []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.st == nil || fn == nil {
		return nil
	}
	return r.st.readsOf(fn)
}
