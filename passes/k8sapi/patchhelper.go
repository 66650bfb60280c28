package k8sapi

import (
	"go/ast"
	"go/types"
	"strings"
)

// PatchHelperCall recognises, by shape, a call of a patch helper of another package that
// writes an object and its status: a method named Patch or PatchStatus of a concrete
// named type (not an interface, not of controller-runtime or client-go) that holds the
// object, i.e. the call passes a client.Object or the helper's struct has a field of an
// object type. cluster-api's patch.Helper and Flux's patch.SerialPatcher are both such
// helpers: they compute the diff against the object they were made from and patch the
// main resource and the status subresource. It returns a description ("Helper.Patch")
// or "".
func PatchHelperCall(pkg *types.Package, info *types.Info, call *ast.CallExpr) string {
	fn, ok := Callee(info, call).(*types.Func)
	if !ok || (fn.Name() != "Patch" && fn.Name() != "PatchStatus") {
		return ""
	}
	recv := fn.Signature().Recv()
	if recv == nil || types.IsInterface(recv.Type()) {
		return ""
	}
	n := Named(recv.Type())
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg() == pkg {
		return ""
	}
	path := n.Obj().Pkg().Path()
	if IsControllerPackage(path) || strings.HasPrefix(path, "k8s.io/client-go/") {
		return ""
	}
	tn := LookupType(pkg, ClientPkg, "Object")
	if tn == nil {
		return ""
	}
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	isObj := func(t types.Type) bool {
		return t != nil && (types.Identical(t, tn.Type()) || (!types.IsInterface(t) && types.Implements(t, iface)))
	}
	holds := false
	for _, a := range call.Args {
		if isObj(info.TypeOf(a)) {
			holds = true
		}
	}
	if st, ok := n.Origin().Underlying().(*types.Struct); ok && !holds {
		for f := range st.Fields() {
			if isObj(f.Type()) {
				holds = true
			}
		}
	}
	if !holds {
		return ""
	}
	return n.Obj().Name() + "." + fn.Name()
}
