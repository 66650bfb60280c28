package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Fresh is how an object was built in the function instead of being read from the
// cluster.
type Fresh struct {
	// What built it: "a composite literal", "new", "a var declaration", "a copy of
	// r.template", or the constructor called ("r.deploymentFor").
	What string
	Pos  token.Pos
	// ResourceVersion is the position of the last assignment of the object's
	// resourceVersion after it was built (desired.ResourceVersion =
	// existing.ResourceVersion), or token.NoPos.
	ResourceVersion token.Pos
}

// FreshAt reports whether the object expression e (v, &v) holds, at pos in body, an
// object built in the function and not filled from the cluster since: the last value
// given to v on the way to pos is a composite literal, new(T), a var declaration, a
// DeepCopy of a template (a field of the receiver or a package-level variable), or the
// result of a constructor (a function of the module whose every return gives a fresh
// object or nil: Summary.Fresh), and no call since may have filled it (a Get or a List
// into it, a client write, which stores the API server's answer in the object, a
// decoder, a function of the package that calls the client, a function of another
// module). Assignments in blocks that end in a return and do not hold pos are not on the
// way to pos. The resourceVersion copied into the object is reported in
// Fresh.ResourceVersion, not as a fill.
func (r *Result) FreshAt(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr, pos token.Pos) (Fresh, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fs := &funcState{pkg: pass.Pkg, info: pass.TypesInfo, body: body, st: r.st, fresh: true}
	return fs.freshAt(e, pos, 0)
}

func (fs *funcState) freshAt(e ast.Expr, pos token.Pos, depth int) (Fresh, bool) {
	if depth > 8 {
		return Fresh{}, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return Fresh{What: "a composite literal", Pos: x.Pos()}, true
	case *ast.CallExpr:
		if fs.callFresh(x, 0) {
			return Fresh{What: shortName(x), Pos: x.Pos()}, true
		}
		return Fresh{}, false
	case *ast.Ident:
		v, ok := fs.info.Uses[x].(*types.Var)
		if !ok {
			return Fresh{}, false
		}
		last, rvs := fs.lastEvent(v, pos)
		switch {
		case last == nil || last.read != nil:
			return Fresh{}, false
		case last.fresh:
			f := Fresh{What: last.what, Pos: last.pos}
			if len(rvs) > 0 {
				f.ResourceVersion = rvs[len(rvs)-1]
			}
			return f, true
		case last.src != nil:
			f, ok := fs.freshAt(last.src, last.pos, depth+1)
			if ok && len(rvs) > 0 {
				f.ResourceVersion = rvs[len(rvs)-1]
			}
			return f, ok
		}
	}
	return Fresh{}, false
}

// template reports whether x, deep-copied, is a template: a field of a variable that is
// not local to the function (the receiver, a parameter's field, a package-level
// variable), or a package-level variable.
func (fs *funcState) template(x ast.Expr) bool {
	x = ast.Unparen(x)
	sel, isSel := x.(*ast.SelectorExpr)
	if isSel {
		if s, ok := fs.info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		for {
			inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
			if !ok {
				break
			}
			sel = inner
		}
		x = ast.Unparen(sel.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := fs.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil {
		return false
	}
	if v.Parent() == v.Pkg().Scope() {
		return true
	}
	// The receiver: a variable declared outside the body (a parameter or the receiver)
	// whose field is copied. A parameter itself is not a template (its caller may have
	// read it).
	return isSel && !(fs.body.Pos() <= v.Pos() && v.Pos() < fs.body.End()) && fs.isRecv(v)
}

// isRecv reports whether v is the receiver of the method whose body is fs.body.
func (fs *funcState) isRecv(v *types.Var) bool {
	n := k8sapi.Named(v.Type())
	if n == nil || fs.st == nil {
		return false
	}
	for fn, d := range fs.st.decls {
		if d.Body == fs.body {
			recv := fn.Signature().Recv()
			return recv != nil && recv == v
		}
	}
	return false
}

// fills reports whether the call n, given the object, may fill it: a client write
// (write), a decoder of package runtime, a function of the package that calls the
// client (directly or through the package's functions), or a function of another module
// or of the standard library. Other functions of controller-runtime and apimachinery
// (SetControllerReference, AddFinalizer, SetStatusCondition) and the package's functions
// that call no client change it in memory only.
func (fs *funcState) fills(n *ast.CallExpr, write bool) bool {
	if write {
		return true
	}
	fn, ok := k8sapi.Callee(fs.info, n).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return true // a function value: not known
	}
	if modelled(fn.Pkg().Path()) {
		switch fn.Name() {
		case "Convert", "FromUnstructured", "Unmarshal", "Decode", "DecodeInto", "Into":
			return true
		}
		return false
	}
	if fn.Pkg() == fs.pkg && fs.st != nil {
		return fs.callsClient(fn, map[*types.Func]bool{}, 0)
	}
	return true
}

// callsClient reports whether the function of this package fn calls a client method,
// or a function of another module, directly or through the package's functions.
func (fs *funcState) callsClient(fn *types.Func, seen map[*types.Func]bool, depth int) bool {
	decl := fs.st.decls[fn]
	if decl == nil || seen[fn] || depth > 4 {
		return decl == nil
	}
	seen[fn] = true
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if _, ok := k8sapi.ClientCall(fs.pkg, fs.info, c); ok {
			found = true
			return false
		}
		callee, ok := k8sapi.Callee(fs.info, c).(*types.Func)
		if !ok || callee.Pkg() == nil {
			return true
		}
		switch {
		case callee.Pkg() == fs.pkg:
			found = fs.callsClient(callee, seen, depth+1)
		case !modelled(callee.Pkg().Path()) && !isStdlib(callee.Pkg().Path()):
			found = true
		}
		return !found
	})
	return found
}

// isStdlib reports whether path is a package of the standard library (no dot in its
// first element).
func isStdlib(path string) bool {
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '.':
			return false
		case '/':
			return true
		}
	}
	return true
}

// callFresh reports whether result i of call holds an object built fresh by the callee.
func (fs *funcState) callFresh(call *ast.CallExpr, i int) bool {
	if fs.st == nil {
		return false
	}
	fn, ok := k8sapi.Callee(fs.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	for _, j := range fs.st.freshOf(fn) {
		if j == i {
			return true
		}
	}
	return false
}

// freshOf returns the indexes of the results of fn that hold an object built fresh:
// from its fact, or, for a function of this package, from its return statements, where
// every return gives at that index a fresh object or nil, and one at least a fresh one.
func (st *analysisState) freshOf(fn *types.Func) []int {
	return st.fresh.get(st, fn, func(decl *ast.FuncDecl) []int { return st.computeFresh(fn, decl) })
}

func (st *analysisState) computeFresh(fn *types.Func, decl *ast.FuncDecl) []int {
	return st.objectResults(fn, decl, true, func(fs *funcState, e ast.Expr, pos token.Pos) bool {
		f, ok := fs.freshAt(e, pos, 0)
		return ok && f.ResourceVersion == token.NoPos
	})
}
