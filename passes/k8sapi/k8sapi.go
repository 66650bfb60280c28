// Package k8sapi is the one place that recognises controller-runtime, client-go and
// apimachinery objects by type identity.
//
// Every matcher compares package paths and object names after unaliasing, and compares
// generic types and methods by their origin, so that ctrl.Result, reconcile.Result and an
// instantiated TypedBuilder[R] method are all recognised. Nothing here matches by the
// name of a receiver, a variable or a file.
//
// It is a library, not an analyzer: it reports nothing, and its only state is a memo of
// package dependencies (LookupType).
package k8sapi

import (
	"go/ast"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the packages the analyzers know about.
const (
	CtrlRoot          = "sigs.k8s.io/controller-runtime"
	ReconcilePkg      = CtrlRoot + "/pkg/reconcile"
	ClientPkg         = CtrlRoot + "/pkg/client"
	BuilderPkg        = CtrlRoot + "/pkg/builder"
	ControllerPkg     = CtrlRoot + "/pkg/controller"
	ControllerutilPkg = CtrlRoot + "/pkg/controller/controllerutil"
	PriorityQueuePkg  = CtrlRoot + "/pkg/controller/priorityqueue"
	ManagerPkg        = CtrlRoot + "/pkg/manager"
	SourcePkg         = CtrlRoot + "/pkg/source"
	CachePkg          = CtrlRoot + "/pkg/cache"
	HandlerPkg        = CtrlRoot + "/pkg/handler"
	PredicatePkg      = CtrlRoot + "/pkg/predicate"
	ConfigPkg         = CtrlRoot + "/pkg/config"

	WaitPkg       = "k8s.io/apimachinery/pkg/util/wait"
	APIErrorsPkg  = "k8s.io/apimachinery/pkg/api/errors"
	MetaPkg       = "k8s.io/apimachinery/pkg/api/meta"
	MetaV1Pkg     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	TypesPkg      = "k8s.io/apimachinery/pkg/types"
	RetryPkg      = "k8s.io/client-go/util/retry"
	WorkqueuePkg  = "k8s.io/client-go/util/workqueue"
	ToolsCachePkg = "k8s.io/client-go/tools/cache"
)

// IsControllerPackage reports whether path is a package of controller-runtime or
// client-go's work queue, i.e. whether importing it can make a package relevant.
func IsControllerPackage(path string) bool {
	return path == CtrlRoot || strings.HasPrefix(path, CtrlRoot+"/") ||
		path == WorkqueuePkg || path == ToolsCachePkg
}

// ImportsAny reports whether pkg imports, directly, any package for which pred holds.
func ImportsAny(pkg *types.Package, pred func(path string) bool) bool {
	for _, imp := range pkg.Imports() {
		if pred(imp.Path()) {
			return true
		}
	}
	return false
}

// Named returns the named (or alias-resolved) type of t, looking through one pointer,
// with generic instances replaced by their origin. It returns nil for unnamed types.
func Named(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin()
	}
	return nil
}

// IsType reports whether t is the named type path.name (not a pointer to it), or is
// declared at another home of that identity (see Identities).
func IsType(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Pkg() != nil && isHome(path, name, obj.Pkg().Path(), obj.Name())
}

// IsPointerTo reports whether t is *path.name.
func IsPointerTo(t types.Type, path, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsType(p.Elem(), path, name)
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsType(t, "context", "Context") }

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsResult reports whether t is reconcile.Result (ctrl.Result is an alias of it).
func IsResult(t types.Type) bool { return IsType(t, ReconcilePkg, "Result") }

// IsRequest reports whether t is reconcile.Request.
func IsRequest(t types.Type) bool { return IsType(t, ReconcilePkg, "Request") }

// IsObj reports whether obj is the package-level object path.name. Function variables of
// the root controller-runtime package (ctrl.CreateOrUpdate) are objects too.
func IsObj(obj types.Object, path, name string) bool {
	if obj == nil || obj.Pkg() == nil || !isHome(path, name, obj.Pkg().Path(), obj.Name()) {
		return false
	}
	if fn, ok := obj.(*types.Func); ok {
		return fn.Signature().Recv() == nil
	}
	return obj.Parent() == obj.Pkg().Scope()
}

// Callee returns the object called by call: a *types.Func (generic functions and methods
// by origin), a *types.Var holding a function, or nil (conversions, builtins, calls of
// function-typed expressions).
func Callee(info *types.Info, call *ast.CallExpr) types.Object {
	obj := typeutil.Callee(info, call)
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Origin()
	case *types.Var:
		return obj
	}
	return nil
}

// IsFuncCall reports whether call calls the package-level function or function variable
// path.name for one of names.
func IsFuncCall(info *types.Info, call *ast.CallExpr, path string, names ...string) bool {
	obj := Callee(info, call)
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	for _, n := range names {
		if IsObj(obj, path, n) {
			return true
		}
	}
	return false
}

// Method describes a method by the package and name of its receiver's named type.
type Method struct {
	Pkg, Recv, Name string
}

// MethodOf returns the receiver type's package and name and the method name of fn, or
// ok=false if fn is not a method of a named type. Methods of generic types are described
// by their origin; interface methods by the interface's named type.
func MethodOf(fn *types.Func) (m Method, ok bool) {
	sig := fn.Signature()
	if sig.Recv() == nil {
		return m, false
	}
	fn = fn.Origin()
	recv := fn.Signature().Recv().Type()
	n := Named(recv)
	if n == nil {
		return m, false
	}
	obj := n.Obj()
	if obj.Pkg() == nil {
		return m, false
	}
	return Method{obj.Pkg().Path(), obj.Name(), fn.Name()}, true
}

// IsMethodCall reports whether call calls method name of the named type path.recv
// (declared on it, or an interface method of it).
func IsMethodCall(info *types.Info, call *ast.CallExpr, path, recv string, names ...string) bool {
	fn, ok := Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	m, ok := MethodOf(fn)
	if !ok || !isHome(path, recv, m.Pkg, m.Recv) {
		return false
	}
	for _, n := range names {
		if m.Name == n {
			return true
		}
	}
	return false
}

// LookupType finds the type object path.name (or another home of that identity, see
// Identities) among the packages that pkg imports,
// transitively. It returns nil when pkg does not depend on path.
//
// Rules ask it for a handful of paths, at every call site of some shapes: the answer for
// each (package, path) pair is memoised (see depIndex), so that a package's import graph
// is walked once per path, not once per question.
func LookupType(pkg *types.Package, path, name string) *types.TypeName {
	for _, h := range homesOf(path, name) {
		if dep := deps.find(pkg, h.Pkg); dep != nil {
			if tn, ok := dep.Scope().Lookup(h.Name).(*types.TypeName); ok {
				return tn
			}
		}
	}
	return nil
}

// deps memoises, for each package path asked about, which packages reach it.
var deps = &depIndex{byPath: map[string]map[*types.Package]*types.Package{}}

// depIndex answers "which package with this path does p import, transitively?". The
// memo holds *types.Package pointers: a long-running process (the language server)
// type-checks new packages on every run, so the memo is dropped when it grows past
// maxDepMemo entries.
type depIndex struct {
	mu     sync.Mutex
	byPath map[string]map[*types.Package]*types.Package // path → package → the dependency (nil: none)
	size   int
}

const maxDepMemo = 1 << 20

func (d *depIndex) find(pkg *types.Package, path string) *types.Package {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.size > maxDepMemo {
		d.byPath = map[string]map[*types.Package]*types.Package{}
		d.size = 0
	}
	memo := d.byPath[path]
	if memo == nil {
		memo = map[*types.Package]*types.Package{}
		d.byPath[path] = memo
	}
	// Import cycles cannot occur among type-checked packages, but a package is marked
	// (as reaching nothing) before its imports are visited all the same.
	var visit func(p *types.Package) *types.Package
	visit = func(p *types.Package) *types.Package {
		if r, ok := memo[p]; ok {
			return r
		}
		memo[p] = nil
		d.size++
		var r *types.Package
		if p.Path() == path {
			r = p
		} else {
			for _, imp := range p.Imports() {
				if r = visit(imp); r != nil {
					break
				}
			}
		}
		memo[p] = r
		return r
	}
	return visit(pkg)
}

// waitBlocking lists the functions of k8s.io/apimachinery/pkg/util/wait that sleep or
// poll on the calling goroutine.
var waitBlocking = []string{
	"Poll", "PollImmediate", "PollInfinite", "PollImmediateInfinite", "PollUntil",
	"PollImmediateUntil", "PollWithContext", "PollImmediateWithContext",
	"PollInfiniteWithContext", "PollImmediateInfiniteWithContext", "PollUntilWithContext",
	"PollImmediateUntilWithContext", "PollUntilContextTimeout", "PollUntilContextCancel",
	"Until", "UntilWithContext", "JitterUntil", "JitterUntilWithContext", "Forever",
	"NonSlidingUntil", "NonSlidingUntilWithContext", "BackoffUntil", "BackoffUntilWithContext",
	"ExponentialBackoff", "ExponentialBackoffWithContext",
}

// BlockingCall returns a short description ("time.Sleep", "wait.PollUntilContextTimeout")
// when call holds the calling goroutine for a time, or "". retry.RetryOnConflict and
// retry.OnError are not blocking in this sense by themselves: with their documented
// Backoffs they retry a few times with short steps. How long their Backoff makes them
// sleep is judged in package reach (longConflictRetry), as for wait.ExponentialBackoff.
func BlockingCall(info *types.Info, call *ast.CallExpr) string {
	obj := Callee(info, call)
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	switch obj.Pkg().Path() {
	case "time":
		if IsObj(obj, "time", "Sleep") {
			return "time.Sleep"
		}
	case WaitPkg:
		for _, n := range waitBlocking {
			if IsObj(obj, WaitPkg, n) {
				return "wait." + n
			}
		}
	case "golang.org/x/time/rate":
		if IsMethodCall(info, call, "golang.org/x/time/rate", "Limiter", "Wait", "WaitN") {
			return "rate.Limiter." + obj.Name()
		}
	}
	return ""
}

// TimerChannel returns a description when x is a channel that delivers after a delay:
// time.After(...), time.Tick(...), or the C field of a *time.Timer or *time.Ticker.
// A receive from it waits for the delay.
func TimerChannel(info *types.Info, x ast.Expr) string {
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.CallExpr:
		if IsFuncCall(info, x, "time", "After", "Tick") {
			return "time." + Callee(info, x).Name()
		}
	case *ast.SelectorExpr:
		if x.Sel.Name != "C" {
			return ""
		}
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if n := Named(sel.Recv()); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
				if name := n.Obj().Name(); name == "Timer" || name == "Ticker" {
					return "time." + name + ".C"
				}
			}
		}
	}
	return ""
}

// CallbackCall reports whether call registers its function arguments as event
// callbacks, which the informer runs later on its own goroutine: a function of
// controller-runtime's pkg/handler or pkg/predicate (handler.EnqueueRequestsFromMapFunc,
// TypedEnqueueRequestsFromMapFunc, predicate.NewPredicateFuncs) or a conversion to a
// function type declared there (handler.MapFunc(f), v0.6's handler.ToRequestsFunc(f)).
// The packages, not the names, decide: they have kept their paths in every release,
// while the functions and types in them changed shape (v0.6's EnqueueRequestsFromMapFunc
// is a struct, MapFunc gained a ctx in v0.15, the Typed forms came in v0.19).
func CallbackCall(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return callbackPkg(tv.Type)
	}
	obj := Callee(info, call)
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return p == HandlerPkg || p == PredicatePkg
}

// CallbackLit reports whether the composite literal lit holds event callbacks in its
// fields: a struct of controller-runtime's pkg/handler or pkg/predicate (handler.Funcs,
// predicate.Funcs, v0.6's handler.EnqueueRequestsFromMapFunc) or client-go's
// cache.ResourceEventHandlerFuncs, ResourceEventHandlerDetailedFuncs and
// FilteringResourceEventHandler.
func CallbackLit(info *types.Info, lit *ast.CompositeLit) bool {
	t := info.TypeOf(lit)
	if t == nil {
		return false
	}
	if callbackPkg(t) {
		return true
	}
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != ToolsCachePkg {
		return false
	}
	switch n.Obj().Name() {
	case "ResourceEventHandlerFuncs", "ResourceEventHandlerDetailedFuncs", "FilteringResourceEventHandler":
		return true
	}
	return false
}

// callbackPkg reports whether t is a named type declared in pkg/handler or pkg/predicate.
func callbackPkg(t types.Type) bool {
	n := Named(types.Unalias(t))
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == HandlerPkg || p == PredicatePkg
}

// AsyncCall reports whether call runs its function arguments on another goroutine:
// (*errgroup.Group).Go, (*sync.WaitGroup).Go, time.AfterFunc.
func AsyncCall(info *types.Info, call *ast.CallExpr) bool {
	return IsMethodCall(info, call, "golang.org/x/sync/errgroup", "Group", "Go", "TryGo") ||
		IsMethodCall(info, call, "sync", "WaitGroup", "Go") ||
		IsFuncCall(info, call, "time", "AfterFunc")
}

// LookupObject is LookupType for a declaration of any kind (a function, a variable):
// the object of identity path.name that pkg can reach through its imports, or nil.
// TerminalError, for instance, exists from controller-runtime v0.15 on.
func LookupObject(pkg *types.Package, path, name string) types.Object {
	for _, h := range homesOf(path, name) {
		if dep := deps.find(pkg, h.Pkg); dep != nil {
			if obj := dep.Scope().Lookup(h.Name); obj != nil {
				return obj
			}
		}
	}
	return nil
}
