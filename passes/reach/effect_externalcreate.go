package reach

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// ExternalCreate: the function creates something outside the cluster. A direct site is
// a call, given a context.Context, whose name starts with a verb of creation (Create,
// Put, Insert, Provision, Allocate, Register, Launch, RunInstances, Upsert) into a
// client that is not Kubernetes': a function or method of another module that is not
// controller-runtime, client-go or apimachinery, or a method of an interface (a
// module's own wrapper of a cloud SDK) none of whose parameters is an API object. The
// finalizerfirst rule asks for it.
const ExternalCreate Effect = "externalcreate"

func init() {
	register(Detector{
		Effect: ExternalCreate,
		Call: func(pass *analysis.Pass, _ inspector.Cursor, call *ast.CallExpr) string {
			return ExternalCreateCall(pass, call)
		},
	})
}

// createVerbs start the names of calls that create something.
var createVerbs = []string{"Create", "Put", "Insert", "Provision", "Allocate", "Register", "Launch", "RunInstances", "Upsert"}

// ExternalCreateCall returns a description of call ("s3.Client.CreateBucket") when it
// creates something outside the cluster (see ExternalCreate), or "".
func ExternalCreateCall(pass *analysis.Pass, call *ast.CallExpr) string {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		name = f.Sel.Name
	case *ast.Ident:
		name = f.Name
	default:
		return ""
	}
	verb := false
	for _, v := range createVerbs {
		if strings.HasPrefix(name, v) && (len(name) == len(v) || name[len(v)] >= 'A' && name[len(v)] <= 'Z') {
			verb = true
			break
		}
	}
	if !verb {
		return ""
	}
	info := pass.TypesInfo
	ctx := false
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && k8sapi.IsContext(t) {
			ctx = true
		}
	}
	if !ctx {
		return ""
	}
	fn, ok := k8sapi.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	path := fn.Pkg().Path()
	own := sameModule(pass, fn.Pkg())
	if kubernetesPkg(path) || !own && !strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return "" // Kubernetes' clients, the standard library
	}
	desc := fn.Pkg().Name() + "." + fn.Name()
	if m, ok := k8sapi.MethodOf(fn); ok {
		desc = fn.Pkg().Name() + "." + m.Recv + "." + fn.Name()
	}
	recv := fn.Signature().Recv()
	if recv != nil && types.IsInterface(recv.Type()) {
		// An interface: a wrapper of an external client unless it takes API objects.
		params := fn.Signature().Params()
		for i := range params.Len() {
			if isAPIObject(params.At(i).Type()) {
				return ""
			}
		}
		return desc
	}
	if own {
		return "" // the module's own functions: their effects come from their bodies
	}
	return desc
}

// kubernetesPkg reports whether path is a package of the Kubernetes libraries.
func kubernetesPkg(path string) bool {
	return strings.HasPrefix(path, "k8s.io/") || path == k8sapi.CtrlRoot || strings.HasPrefix(path, k8sapi.CtrlRoot+"/") ||
		strings.HasPrefix(path, "sigs.k8s.io/")
}

// isAPIObject reports whether t (or what it points to) has the metadata accessors of an
// API object, or is an interface of Kubernetes' packages (client.Object).
func isAPIObject(t types.Type) bool {
	if n := k8sapi.Named(t); n != nil && n.Obj().Pkg() != nil && kubernetesPkg(n.Obj().Pkg().Path()) {
		return true
	}
	has := func(name string) bool {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		_, ok := obj.(*types.Func)
		return ok
	}
	return has("GetGeneration") && has("GetUID")
}

// sameModule reports whether pkg belongs to the module of the package being analysed
// (its path starts with the module path; without module information, with the first
// element of the package's path).
func sameModule(pass *analysis.Pass, pkg *types.Package) bool {
	root := strings.SplitN(pass.Pkg.Path(), "/", 2)[0]
	if pass.Module != nil && pass.Module.Path != "" {
		root = pass.Module.Path
	}
	return pkg.Path() == root || strings.HasPrefix(pkg.Path(), root+"/")
}
