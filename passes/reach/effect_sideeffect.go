package reach

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// SideEffect: the function changes something outside the process: a write to the API
// server (a controller-runtime client write, controllerutil.CreateOrUpdate/Patch, a
// patch helper, a client-go typed or dynamic client write), or a call into an
// external system: a call that takes a context.Context of a package outside the
// module, Kubernetes (k8s.io, sigs.k8s.io), the standard library, golang.org/x and the
// logging, metrics and tracing libraries (a cloud SDK, a gRPC client, a database
// driver), an HTTP request sent with net/http, or a database/sql statement. Reads
// through the Kubernetes clients are not side effects. The edgetrigger rule asks
// about it in event callbacks.
const SideEffect Effect = "sideeffect"

func init() {
	register(Detector{Effect: SideEffect, Call: sideEffectCall})
}

func sideEffectCall(pass *analysis.Pass, _ inspector.Cursor, call *ast.CallExpr) string {
	if w, ok := k8sapi.WriteCall(pass.Pkg, pass.TypesInfo, call); ok {
		return "client " + w.Desc
	}
	if k8sapi.IsMethodCall(pass.TypesInfo, call, capiPatchPkg, "Helper", "Patch") {
		return "patch.Helper.Patch"
	}
	if d := k8sapi.PatchHelperCall(pass.Pkg, pass.TypesInfo, call); d != "" {
		return d
	}
	if d := k8sapi.ClientsetWrite(pass.TypesInfo, call); d != "" {
		return d
	}
	fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	path := fn.Pkg().Path()
	switch path {
	case "net/http":
		switch fn.Name() {
		case "Do", "Get", "Post", "PostForm", "Head":
			return qualified(fn)
		}
		return ""
	case "database/sql":
		if strings.HasPrefix(fn.Name(), "Exec") {
			return qualified(fn)
		}
		return ""
	}
	if !external(pass, path) || contextAccessor(fn) {
		return ""
	}
	for v := range fn.Signature().Params().Variables() {
		if k8sapi.IsContext(v.Type()) {
			return qualified(fn)
		}
	}
	return ""
}

// notExternal lists path prefixes of packages whose ctx-taking calls are not calls into
// an external system: Kubernetes clients and libraries, and the libraries of logging,
// metrics and tracing.
var notExternal = []string{
	"k8s.io/", "sigs.k8s.io/", "golang.org/x/",
	"go.opentelemetry.io/", "github.com/prometheus/", "github.com/go-logr/",
	"go.uber.org/zap", "github.com/sirupsen/logrus", "go.opencensus.io/",
	"github.com/rs/zerolog", "github.com/opentracing/", "gopkg.in/DataDog/dd-trace-go",
	"github.com/DataDog/dd-trace-go",
}

// external reports whether the package path belongs to an external system's client:
// not the standard library, not a package of the module being analysed (its calls are
// followed through facts), and not one of notExternal.
func external(pass *analysis.Pass, path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if !strings.Contains(first, ".") && stdTop[first] {
		return false
	}
	if pass.Module != nil && pass.Module.Path != "" {
		if path == pass.Module.Path || strings.HasPrefix(path, pass.Module.Path+"/") {
			return false
		}
	} else if own, _, _ := strings.Cut(pass.Pkg.Path(), "/"); own == first {
		return false // no module (GOPATH): the same first element is the same project
	}
	for _, p := range notExternal {
		if strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/") {
			return false
		}
	}
	return true
}

// contextAccessor reports whether fn is a logging package's function or a value
// accessor of a context (FromContext, IntoContext, NewContext): a package whose last
// path element is "log" (cloudnative-pg's machinery/pkg/log, whose FromContext takes a
// ctx and returns a logger), or a function so named in any package. Neither calls an
// external system.
func contextAccessor(fn *types.Func) bool {
	switch fn.Name() {
	case "FromContext", "IntoContext", "NewContext":
		return true
	}
	path := fn.Pkg().Path()
	return path[strings.LastIndex(path, "/")+1:] == "log"
}

// stdTop lists the first elements of the standard library's import paths.
var stdTop = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`archive bufio builtin bytes cmp compress container context crypto
		database debug embed encoding errors expvar flag fmt go hash html image index internal io
		iter log maps math mime net os path plugin reflect regexp runtime slices sort strconv
		strings structs sync syscall testing text time unicode unique unsafe vendor weak C`) {
		m[p] = true
	}
	return m
}()

// qualified names a function for a message: "s3.Client.DeleteBucket", "http.Get".
func qualified(fn *types.Func) string {
	if m, ok := k8sapi.MethodOf(fn); ok {
		return fn.Pkg().Name() + "." + m.Recv + "." + m.Name
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
