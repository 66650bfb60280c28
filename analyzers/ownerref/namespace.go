package ownerref

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// nsKind is what is known of an object's namespace at a call.
type nsKind int

const (
	nsUnknown nsKind = iota
	nsConst          // a string constant
	nsRequest        // the namespace of the reconcile request
)

type namespace struct {
	kind  nsKind
	value string // the constant, for nsConst
}

func (n namespace) String() string {
	if n.kind == nsConst {
		return "namespace " + strconv.Quote(n.value)
	}
	return "the request's namespace"
}

// differ reports whether two known namespaces are known to differ: two different
// constants, or a constant and the request's namespace (the reconciled objects live in
// any namespace their users choose).
func differ(a, b namespace) bool {
	if a.kind == nsUnknown || b.kind == nsUnknown {
		return false
	}
	if a.kind == nsConst && b.kind == nsConst {
		return a.value != b.value
	}
	return a.kind != b.kind
}

// nsResolver finds the namespaces of the variables of one function declaration (its
// function literals included) from what the function writes before a position: the
// Namespace key of the composite literal the variable is made from, assignments of
// Namespace (through ObjectMeta too) and SetNamespace calls, and the key of a client
// Get that fills it. Every write before the position must agree, or the namespace is
// unknown.
type nsResolver struct {
	pkg  *types.Package
	info *types.Info
	body *ast.BlockStmt
}

// rootVar returns the variable an argument names: v, &v, (v).
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

func (r *nsResolver) of(v *types.Var, before token.Pos, depth int) namespace {
	if v == nil || depth > 4 {
		return namespace{}
	}
	var writes []namespace
	unknown := false
	add := func(n namespace) {
		if n.kind == nsUnknown {
			unknown = true
		}
		writes = append(writes, n)
	}
	ast.Inspect(r.body, func(n ast.Node) bool {
		if unknown || n == nil || n.Pos() >= before {
			return !unknown && n != nil && n.Pos() < before
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				switch {
				case rootVar(r.info, lhs) == v && isIdent(lhs):
					// v := &T{...}, or v = f(): a new object.
					if rhs == nil {
						add(namespace{})
						continue
					}
					if ns, set, ok := r.literalNS(rhs, before, depth); ok {
						if set {
							add(ns)
						}
						continue
					}
					add(namespace{})
				case r.namespaceField(lhs, v):
					if rhs == nil {
						add(namespace{})
						continue
					}
					add(r.expr(rhs, before, depth))
				case r.objectMetaField(lhs, v):
					if rhs == nil {
						add(namespace{})
						continue
					}
					if ns, set, ok := r.literalNS(rhs, before, depth); ok && set {
						add(ns)
					} else {
						add(namespace{})
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if r.info.Defs[name] != v || i >= len(n.Values) {
					continue
				}
				if ns, set, ok := r.literalNS(n.Values[i], before, depth); ok {
					if set {
						add(ns)
					}
				} else {
					add(namespace{})
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "SetNamespace" && len(n.Args) == 1 && rootVar(r.info, sel.X) == v {
				add(r.expr(n.Args[0], before, depth))
				return true
			}
			if op, ok := k8sapi.ClientCall(r.pkg, r.info, n); ok && op.Iface == "Reader" && op.Method == "Get" && len(n.Args) >= 3 &&
				rootVar(r.info, n.Args[2]) == v {
				add(r.key(n.Args[1], before, depth))
			}
		}
		return true
	})
	if unknown || len(writes) == 0 {
		return namespace{}
	}
	for _, w := range writes[1:] {
		if w != writes[0] {
			return namespace{}
		}
	}
	return writes[0]
}

func isIdent(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}

// namespaceField reports whether e is v.Namespace or v.ObjectMeta.Namespace.
func (r *nsResolver) namespaceField(e ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Namespace" {
		return false
	}
	if rootVar(r.info, sel.X) == v {
		return true
	}
	return r.objectMetaField(sel.X, v)
}

func (r *nsResolver) objectMetaField(e ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "ObjectMeta" && rootVar(r.info, sel.X) == v
}

// literalNS returns the namespace that the composite literal e (or &e) sets in its
// ObjectMeta, whether it sets one, and whether e is a literal at all.
func (r *nsResolver) literalNS(e ast.Expr, before token.Pos, depth int) (namespace, bool, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return namespace{}, false, false
	}
	if k8sapi.IsType(r.info.TypeOf(lit), k8sapi.MetaV1Pkg, "ObjectMeta") {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && keyName(kv) == "Namespace" {
				return r.expr(kv.Value, before, depth), true, true
			}
		}
		return namespace{}, false, true
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok && keyName(kv) == "ObjectMeta" {
			return r.literalNS(kv.Value, before, depth)
		}
	}
	return namespace{}, false, true
}

func keyName(kv *ast.KeyValueExpr) string {
	if id, ok := kv.Key.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// key returns the namespace of a Get's key: req.NamespacedName, or a NamespacedName
// (client.ObjectKey) literal.
func (r *nsResolver) key(e ast.Expr, before token.Pos, depth int) namespace {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "NamespacedName" && r.isRequest(sel.X) {
		return namespace{kind: nsRequest}
	}
	if lit, ok := e.(*ast.CompositeLit); ok && k8sapi.IsType(r.info.TypeOf(lit), k8sapi.TypesPkg, "NamespacedName") {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && keyName(kv) == "Namespace" {
				return r.expr(kv.Value, before, depth)
			}
		}
	}
	return namespace{}
}

func (r *nsResolver) isRequest(e ast.Expr) bool {
	return k8sapi.IsType(r.info.TypeOf(e), k8sapi.ReconcilePkg, "Request")
}

// expr returns the namespace a string expression holds: a constant, the request's
// namespace (req.Namespace, req.NamespacedName.Namespace), or another object's
// (x.Namespace, x.GetNamespace(), x.ObjectMeta.Namespace).
func (r *nsResolver) expr(e ast.Expr, before token.Pos, depth int) namespace {
	e = ast.Unparen(e)
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		if s := constant.StringVal(tv.Value); s != "" {
			return namespace{kind: nsConst, value: s}
		}
		return namespace{}
	}
	var x ast.Expr
	switch e := e.(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "Namespace" {
			return namespace{}
		}
		x = ast.Unparen(e.X)
		if r.isRequest(x) {
			return namespace{kind: nsRequest}
		}
		if sel, ok := x.(*ast.SelectorExpr); ok && (sel.Sel.Name == "NamespacedName" && r.isRequest(sel.X) || sel.Sel.Name == "ObjectMeta") {
			if sel.Sel.Name == "NamespacedName" {
				return namespace{kind: nsRequest}
			}
			x = sel.X
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "GetNamespace" || len(e.Args) != 0 {
			return namespace{}
		}
		x = sel.X
	default:
		return namespace{}
	}
	return r.of(rootVar(r.info, x), before, depth+1)
}

// namespaceMsg is the finding for an owner and an object in different namespaces.
func namespaceMsg(fn string, object types.Type, objNS namespace, owner types.Type, ownerNS namespace) string {
	when := "fails on every call"
	if objNS.kind != ownerNS.kind {
		when = "fails whenever the two differ"
	}
	return fmt.Sprintf("%s of the %s in %s to the %s in %s %s: controller-runtime refuses cross-namespace owner references, "+
		"so the object gets no owner reference, is never garbage-collected with the owner and Owns() never maps its events back; "+
		"create the object in its owner's namespace, or use a label and a finalizer on the owner to clean it up",
		fn, kindName(object), objNS, kindName(owner), ownerNS, when)
}
