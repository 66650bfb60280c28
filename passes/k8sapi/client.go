package k8sapi

import (
	"go/ast"
	"go/types"
)

// ClientOp is a recognised controller-runtime client operation: the interface of package
// client that declares it (Reader, Writer, SubResourceWriter, SubResourceReader,
// StatusClient, SubResourceClientConstructor, WithWatch) and the method name.
type ClientOp struct {
	Iface, Method string
}

// clientIfaces lists the client interfaces in the order a concrete type is matched
// against them: sub-resource writers before the object writer, since a fake status
// writer and a client both have Create/Update/Patch with different signatures.
var clientIfaces = []string{"SubResourceWriter", "SubResourceReader", "Reader", "Writer",
	"StatusClient", "SubResourceClientConstructor", "WithWatch"}

// IsWrite reports whether op writes an object to the API server.
func (op ClientOp) IsWrite() bool {
	switch op.Iface {
	case "Writer":
		return true
	case "SubResourceWriter":
		return true
	}
	return false
}

// ClientCall recognises a call of a controller-runtime client method. Calls through the
// interfaces are recognised by the method object (embedding, as in client.Client, gives
// the same object). Calls on a concrete type (a fake client, a wrapper, a generated
// typed client embedding one) are recognised when the type implements the interface
// and the method has the interface method's name and signature. pkg is the package being
// analysed, used to find the client package among its dependencies.
func ClientCall(pkg *types.Package, info *types.Info, call *ast.CallExpr) (ClientOp, bool) {
	fn, ok := Callee(info, call).(*types.Func)
	if !ok {
		return ClientOp{}, false
	}
	m, ok := MethodOf(fn)
	if !ok {
		return ClientOp{}, false
	}
	for _, name := range clientIfaces {
		if isHome(ClientPkg, name, m.Pkg, m.Recv) {
			return ClientOp{name, m.Name}, true
		}
	}
	// A concrete receiver. Most method calls of a package are not client calls: the
	// method's name and signature are compared first, the method sets (Implements) only
	// for an interface that has a method of that name and signature.
	if !clientMethodNames[fn.Name()] {
		return ClientOp{}, false
	}
	recv := fn.Signature().Recv().Type()
	if types.IsInterface(recv) {
		return ClientOp{}, false
	}
	sig := stripRecv(fn.Signature())
	for _, name := range clientIfaces {
		tn := LookupType(pkg, ClientPkg, name)
		if tn == nil {
			continue // not in this release (SubResourceReader before v0.14), or the client package is not visible
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		matches := false
		for i := 0; i < iface.NumMethods() && !matches; i++ {
			im := iface.Method(i)
			matches = im.Name() == fn.Name() && types.Identical(im.Signature(), sig)
		}
		if matches && (types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface)) {
			return ClientOp{name, fn.Name()}, true
		}
	}
	return ClientOp{}, false
}

// clientMethodNames are the names of the methods of the client interfaces, in every
// release.
var clientMethodNames = map[string]bool{
	"Get": true, "List": true, "Create": true, "Delete": true, "Update": true, "Patch": true,
	"DeleteAllOf": true, "Apply": true, "Status": true, "SubResource": true, "Watch": true,
}

func stripRecv(sig *types.Signature) *types.Signature {
	return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
}
