package applyowner

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
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
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

// owner is what the options of one call say about the field manager.
type owner int

const (
	ownerNone    owner = iota // no option sets it
	ownerUnknown              // an option we cannot see through may set it
	ownerOK                   // a constant or a value passed in by the caller
)

// opts collects the findings of the options of one call.
type opts struct {
	owner    owner
	empty    ast.Node   // a constant empty owner
	nonConst []ast.Node // owners that are not constants
	force    []ast.Node // ForceOwnership options
}

func run(pass *analysis.Pass, s *settings) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if rep.Skip(call.Pos()) {
			continue
		}
		first, ok := applyCall(pass, call)
		if !ok {
			continue
		}
		o := &opts{}
		scanOptions(pass, cur, call, first, o)
		if o.owner == ownerNone && !s.clientOwner {
			rep.Reportf(call, "%s", msgMissing)
		}
		if o.empty != nil {
			rep.Reportf(o.empty, "%s", msgEmpty)
		}
		for _, n := range o.nonConst {
			rep.Reportf(n, "%s", msgNonConst)
		}
		if s.reportForce && !s.forceAllowed(pass.Pkg.Path()) {
			for _, n := range o.force {
				rep.Reportf(n, "%s", msgForce)
			}
		}
	}
	return rep.Outcome(), nil
}

// applyCall reports whether call is a server-side apply, and the index of its first
// option argument.
func applyCall(pass *analysis.Pass, call *ast.CallExpr) (int, bool) {
	op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, call)
	if !ok || (op.Iface != "Writer" && op.Iface != "SubResourceWriter") {
		return 0, false
	}
	switch op.Method {
	case "Apply":
		return 2, true
	case "Patch":
		if len(call.Args) >= 3 && isVar(pass.TypesInfo, call.Args[2], k8sapi.ClientPkg, "Apply") {
			return 3, true
		}
	}
	return 0, false
}

// isVar reports whether e refers to the package-level variable path.name.
func isVar(info *types.Info, e ast.Expr, path, name string) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	return k8sapi.IsObj(info.Uses[id], path, name)
}

// scanOptions classifies the option arguments of call from index first. A spread slice
// (opts...) held in a local variable is followed to its composite literal and the
// appends to it in the same function.
func scanOptions(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr, first int, o *opts) {
	if len(call.Args) <= first {
		return
	}
	args := call.Args[first:]
	if call.Ellipsis.IsValid() {
		elems, ok := sliceElems(pass, cur, args[len(args)-1])
		if !ok {
			o.merge(ownerUnknown)
		}
		args = append(args[:len(args)-1:len(args)-1], elems...)
	}
	for _, a := range args {
		scanOption(pass, cur, a, o)
	}
}

func (o *opts) merge(w owner) {
	if w > o.owner {
		o.owner = w
	}
}

func scanOption(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr, o *opts) {
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if isVar(info, e, k8sapi.ClientPkg, "ForceOwnership") {
		o.force = append(o.force, e)
		return
	}
	t := info.TypeOf(e)
	if t == nil {
		o.merge(ownerUnknown)
		return
	}
	if k8sapi.IsType(t, k8sapi.ClientPkg, "FieldOwner") {
		// client.FieldOwner(x): judge x; otherwise the value itself.
		v := e
		if conv, ok := e.(*ast.CallExpr); ok && len(conv.Args) == 1 && info.Types[conv.Fun].IsType() {
			v = conv.Args[0]
		}
		checkOwnerValue(pass, cur, v, o)
		return
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok && isOptionsStruct(info.TypeOf(lit)) {
		scanOptionsLit(pass, cur, lit, o)
		return
	}
	if n := k8sapi.Named(t); n != nil && !types.IsInterface(t) && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == k8sapi.ClientPkg {
		return // another option of package client (DryRunAll, ...): sets no owner
	}
	o.merge(ownerUnknown)
}

// isOptionsStruct reports whether t is one of the client option structs with a
// FieldManager field.
func isOptionsStruct(t types.Type) bool {
	for _, name := range []string{"PatchOptions", "ApplyOptions", "SubResourcePatchOptions", "SubResourceApplyOptions"} {
		if k8sapi.IsType(t, k8sapi.ClientPkg, name) || k8sapi.IsPointerTo(t, k8sapi.ClientPkg, name) {
			return true
		}
	}
	return false
}

func scanOptionsLit(pass *analysis.Pass, cur inspector.Cursor, lit *ast.CompositeLit, o *opts) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			o.merge(ownerUnknown)
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "FieldManager":
			checkOwnerValue(pass, cur, kv.Value, o)
		case "Force":
			if tv := pass.TypesInfo.Types[kv.Value]; tv.IsNil() {
				continue
			}
			o.force = append(o.force, kv)
		default:
			if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok && isOptionsStruct(pass.TypesInfo.TypeOf(inner)) {
				scanOptionsLit(pass, cur, inner, o)
			}
		}
	}
}

// checkOwnerValue judges the value given as field owner.
func checkOwnerValue(pass *analysis.Pass, cur inspector.Cursor, v ast.Expr, o *opts) {
	switch k, val := origin(pass, cur, v, 0); k {
	case originConst:
		if val != nil && val.Kind() == constant.String && constant.StringVal(val) == "" {
			o.empty = v
			o.merge(ownerUnknown) // reported as empty, not as missing
			return
		}
		o.merge(ownerOK)
	case originParam:
		o.merge(ownerOK) // the caller chooses it; call sites are not followed
	default:
		o.merge(ownerOK)
		o.nonConst = append(o.nonConst, v)
	}
}

type originKind int

const (
	originOther originKind = iota
	originConst
	originParam
)

// origin says where the value of e comes from: a constant (also a local variable whose
// every assignment is constant, or a package-level variable initialised with a constant
// and never assigned), a parameter of an enclosing function, or something else.
func origin(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr, depth int) (originKind, constant.Value) {
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return originConst, tv.Value
	}
	if conv, ok := e.(*ast.CallExpr); ok && len(conv.Args) == 1 && info.Types[conv.Fun].IsType() {
		return origin(pass, cur, conv.Args[0], depth)
	}
	id, ok := e.(*ast.Ident)
	if !ok || depth > 4 {
		return originOther, nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return originOther, nil
	}
	if v.Parent() == v.Pkg().Scope() {
		if v.Pkg() != pass.Pkg {
			return originOther, nil
		}
		return pkgVarOrigin(pass, v)
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		var body *ast.BlockStmt
		switch f := fn.Node().(type) {
		case *ast.FuncDecl:
			ft, body = f.Type, f.Body
			if f.Recv != nil && declares(info, f.Recv, v) {
				return originOther, nil // a field of the receiver is read via the selector, not here
			}
		case *ast.FuncLit:
			ft, body = f.Type, f.Body
		}
		if declares(info, ft.Params, v) {
			return originParam, nil
		}
		if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			continue
		}
		// A local variable: every value assigned to it must be constant.
		kind, val := originConst, constant.Value(nil)
		n := 0
		for _, rhs := range assignments(info, body, v) {
			if rhs == zeroValue {
				continue // overwritten before use, or reported as empty where it is used
			}
			n++
			if rhs == nil {
				return originOther, nil
			}
			k, cv := origin(pass, fn, rhs, depth+1)
			if k != originConst {
				return k, nil
			}
			if val == nil {
				val = cv
			}
		}
		if n == 0 {
			return originOther, nil
		}
		return kind, val
	}
	return originOther, nil
}

func declares(info *types.Info, fl *ast.FieldList, v *types.Var) bool {
	if fl == nil {
		return false
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return true
			}
		}
	}
	return false
}

// zeroValue stands for the zero value of a variable declared without a value.
var zeroValue ast.Expr = &ast.BadExpr{}

// assignments returns the values assigned to v in body; nil stands for an assignment
// whose value cannot be told (a tuple, an operator assignment, &v taken).
func assignments(info *types.Info, body ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					out = append(out, n.Rhs[i])
				} else {
					out = append(out, nil)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					out = append(out, n.Values[i])
				} else if len(n.Values) == 0 {
					out = append(out, zeroValue)
				} else {
					out = append(out, nil)
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				out = append(out, nil)
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					out = append(out, nil)
				}
			}
		}
		return true
	})
	return out
}

// pkgVarOrigin judges a package-level variable of this package: constant when it is
// initialised with a constant and never assigned in the package.
func pkgVarOrigin(pass *analysis.Pass, v *types.Var) (originKind, constant.Value) {
	var init ast.Expr
	assigned := false
	for _, f := range pass.Files {
		for _, rhs := range assignments(pass.TypesInfo, f, v) {
			if init == nil && rhs != nil {
				init = rhs
				continue
			}
			assigned = true
		}
	}
	if init == nil || assigned {
		return originOther, nil
	}
	if tv, ok := pass.TypesInfo.Types[init]; ok && tv.Value != nil {
		return originConst, tv.Value
	}
	if conv, ok := ast.Unparen(init).(*ast.CallExpr); ok && len(conv.Args) == 1 && pass.TypesInfo.Types[conv.Fun].IsType() {
		if tv, ok := pass.TypesInfo.Types[conv.Args[0]]; ok && tv.Value != nil {
			return originConst, tv.Value
		}
	}
	return originOther, nil
}

// sliceElems returns the elements of the option slice e: a local variable assigned a
// composite literal once, with appends of single elements. ok is false when some
// element cannot be seen (a parameter, a slice from a call, an append of a slice).
func sliceElems(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr) ([]ast.Expr, bool) {
	info := pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return e.Elts, true
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.Parent() == v.Pkg().Scope() {
			return nil, false
		}
		var body ast.Node
		for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			var b *ast.BlockStmt
			switch f := fn.Node().(type) {
			case *ast.FuncDecl:
				b = f.Body
			case *ast.FuncLit:
				b = f.Body
			}
			if b != nil && v.Pos() >= b.Pos() && v.Pos() < b.End() {
				body = b
				break
			}
		}
		if body == nil {
			return nil, false
		}
		var elems []ast.Expr
		for _, rhs := range assignments(info, body, v) {
			if rhs == zeroValue {
				continue
			}
			if rhs == nil {
				return elems, false
			}
			switch rhs := ast.Unparen(rhs).(type) {
			case *ast.CompositeLit:
				elems = append(elems, rhs.Elts...)
			case *ast.CallExpr:
				if id, ok := ast.Unparen(rhs.Fun).(*ast.Ident); ok && len(rhs.Args) > 0 && !rhs.Ellipsis.IsValid() {
					if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
						if first, ok := ast.Unparen(rhs.Args[0]).(*ast.Ident); ok && info.Uses[first] == v {
							elems = append(elems, rhs.Args[1:]...)
							continue
						}
					}
				}
				return elems, false
			default:
				return elems, false
			}
		}
		return elems, true
	}
	return nil, false
}
