package k8sapi

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// Write describes a client write recognised by WriteCall.
type Write struct {
	// Desc names the call in messages: "Update", "Status().Patch",
	// "SubResource().Update", "controllerutil.CreateOrUpdate".
	Desc string
	// Status is true for writes of the status subresource: through Status(), or through
	// SubResource with a constant "status" or a subresource not known at the call.
	Status bool
	// ErrIndex is the index of the error among the call's results.
	ErrIndex int
}

// WriteCall recognises a call that writes to the API server by type identity: a client
// Writer or SubResourceWriter method (through interfaces or concrete implementations),
// controllerutil.CreateOrUpdate/CreateOrPatch and the root package's variables holding
// them.
func WriteCall(pkg *types.Package, info *types.Info, call *ast.CallExpr) (Write, bool) {
	if IsFuncCall(info, call, ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") ||
		IsFuncCall(info, call, CtrlRoot, "CreateOrUpdate", "CreateOrPatch") {
		return Write{Desc: "controllerutil." + Callee(info, call).Name(), ErrIndex: 1}, true
	}
	op, ok := ClientCall(pkg, info, call)
	if !ok || !op.IsWrite() {
		return Write{}, false
	}
	if op.Iface == "Writer" {
		return Write{Desc: op.Method}, true
	}
	w := Write{Desc: "SubResource()." + op.Method, Status: true}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			if iop, ok := ClientCall(pkg, info, inner); ok {
				switch {
				case iop.Method == "Status":
					w.Desc = "Status()." + op.Method
				case iop.Method == "SubResource" && len(inner.Args) == 1:
					if tv, ok := info.Types[inner.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
						sub := constant.StringVal(tv.Value)
						w.Status = sub == "status"
						w.Desc = "SubResource(" + tv.Value.ExactString() + ")." + op.Method
					}
				}
			}
		}
	}
	return w, true
}
