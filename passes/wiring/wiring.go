// Package wiring finds, for each controller a package builds, what it watches and how:
// the reconciler it runs, its For kind and predicates, the kinds it Owns (with
// builder.MatchEveryOwner or not), the kinds it Watches with their handlers and
// predicates, its global event filters and its controller.Options.
//
// Controllers are read from builder chains (ctrl.NewControllerManagedBy,
// builder.ControllerManagedBy, TypedControllerManagedBy, then For, Owns, Watches,
// WatchesMetadata, WatchesRawSource, WithEventFilter, WithOptions, Named, Complete or
// Build), from controller.New, NewTyped, NewUnmanaged and NewTypedUnmanaged followed by
// Watch calls, and from the forms of releases before v0.15 (a source.Kind struct, the
// EnqueueRequestForOwner and EnqueueRequestsFromMapFunc structs, Watch with a handler
// and predicates).
//
// A builder or controller value is followed through local variables, through
// functions of the package and, with Summary facts, through functions of other
// packages of the module: a function that completes a builder with a parameter's kind
// or reconciler, returns a builder, or adds watches to a builder it is given is a
// template its callers instantiate with their arguments. What the pass cannot follow (a
// builder passed to a function without a summary, a kind held in an interface
// variable, a watch added in a loop, a controller stored in a field where later code
// may add watches) is recorded in Controller.Opaque: rules stay silent about a
// controller that is not fully known, and about a reconciler for which no controller
// is seen at all (its wiring may be in a package that imports this one, like main).
//
// The pass computes facts only for the module's own packages, from syntax and types,
// and returns at once for a package that imports neither the builder nor the
// controller package nor a package whose functions build controllers.
package wiring

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
)

// Analyzer finds the controllers of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "wiring",
	Doc:        "find each controller's reconciler, watches, event filters and options",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/wiring",
	Run:        run,
	Requires:   []*analysis.Analyzer{reconcilers.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Summary), new(BuildsControllers)},
}

// Result holds the controllers built in a package.
type Result struct {
	// Controllers built in this package (templates of helpers instantiated where they
	// are called), in source order.
	Controllers []*Controller
	// ManagerTimeout is Yes when the package creates a manager whose controller
	// defaults set ReconciliationTimeout (ctrl.Options{Controller:
	// config.Controller{ReconciliationTimeout: ...}}).
	ManagerTimeout Tri

	// lost: a builder chain of the package escaped the pass before it was completed.
	lost    bool
	pass    *analysis.Pass
	entries []*reconcilers.Entry
	mu      sync.Mutex // guards graph: rules of one package run Reaching concurrently
	graph   *callGraph // built on the first Reaching
}

// Of returns the controllers that run the reconcile entry point fn (a Reconcile method;
// a controller runs it when its reconciler's type has this method), and whether each of
// them is fully known. known is false when no controller is seen for fn.
func (r *Result) Of(fn *types.Func) (cs []*Controller, known bool) {
	if r == nil || fn == nil {
		return nil, false
	}
	key := recvKey(fn)
	if key == "" {
		return nil, false
	}
	known = true
	for _, c := range r.Controllers {
		if c.Reconciler.Type == key {
			cs = append(cs, c)
			if len(c.Opaque) > 0 {
				known = false
			}
		}
	}
	return cs, known && len(cs) > 0
}

// Reaching returns the controllers whose reconcile entry points reach the function
// node fn (*ast.FuncDecl or *ast.FuncLit) through calls in this package, and whether
// every such entry point has only fully known controllers. known is false when fn is
// reached from no entry point with a seen controller.
func (r *Result) Reaching(fn ast.Node) (cs []*Controller, known bool) {
	if r == nil || r.pass == nil || len(r.Controllers) == 0 {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.graph == nil {
		r.graph = buildGraph(r.pass)
	}
	known = true
	seen := map[*Controller]bool{}
	reached := false
	for _, e := range r.entries {
		if !r.graph.reaches(e.Node, fn) {
			continue
		}
		reached = true
		ecs, ok := r.Of(e.Func)
		if !ok {
			known = false
		}
		for _, c := range ecs {
			if !seen[c] {
				seen[c] = true
				cs = append(cs, c)
			}
		}
	}
	return cs, reached && known
}

// AllSeen reports whether the pass followed every controller chain of the package to
// its end: no controller is opaque and no builder escaped before it was completed.
func (r *Result) AllSeen() bool {
	if r == nil || r.lost {
		return false
	}
	for _, c := range r.Controllers {
		if len(c.Opaque) > 0 {
			return false
		}
	}
	return true
}

// recvKey is the "path.Name" of the receiver's named type of method fn.
func recvKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	return typeKey(recv.Type())
}

// typeKey is "path.Name" of the named type t or *t, "" otherwise.
func typeKey(t types.Type) string {
	n := k8sapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// Watched reports whether the controller watches kind (a "path.Name"): its For, or a
// watch of that kind with any handler. all is false when some watch's kind is not
// known (so an unwatched answer cannot be trusted).
func (c *Controller) Watched(kind string) (watched, all bool) {
	all = len(c.Opaque) == 0
	if c.For != nil {
		if c.For.Kind.Type == kind {
			return true, all
		}
		if !c.For.Kind.Known() {
			all = false
		}
	}
	for _, w := range c.Watches {
		if w.Kind.Type == kind {
			return true, all
		}
		if !w.Kind.Known() && w.Via != "" {
			all = false
		}
	}
	return false, all
}

// ForKind is the kind the controller reconciles: the For kind of a builder, or the kind
// of a controller.New's watch with EnqueueRequestForObject; "" when not known.
func (c *Controller) ForKind() string {
	if c.For != nil {
		return c.For.Kind.Type
	}
	for _, w := range c.Watches {
		if w.Handler == HandlerObject && w.Kind.Known() {
			return w.Kind.Type
		}
	}
	return ""
}

// PrimaryFilters are the filters applied to events of the reconciled kind: the For
// predicates (or those of the EnqueueRequestForObject watch) and the global filters.
func (c *Controller) PrimaryFilters() []Pred {
	out := append([]Pred(nil), c.Filters...)
	if c.For != nil {
		return append(out, c.For.Preds...)
	}
	for _, w := range c.Watches {
		if w.Handler == HandlerObject {
			out = append(out, w.Preds...)
		}
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	res := &Result{pass: pass, entries: recs.Entries()}
	if !k8sapi.OwnPackage(pass) || !relevant(pass) {
		return res, nil
	}
	ev := &evaluator{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, sums: map[*types.Func]*Summary{}, busy: map[*types.Func]bool{}}
	var funcs []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					ev.decls[fn] = fd
					funcs = append(funcs, fd)
				}
			}
		}
	}
	exported := false
	for _, fd := range funcs {
		fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		sum, concrete := ev.summary(fn)
		res.Controllers = append(res.Controllers, concrete...)
		if sum != nil && !isTestFile(pass, fd) {
			pass.ExportObjectFact(fn, sum)
			exported = true
		}
	}
	// Package-level variables initialised with a builder chain run at init: rare, and
	// not followed.
	if exported {
		pass.ExportPackageFact(new(BuildsControllers))
	}
	sort.SliceStable(res.Controllers, func(i, j int) bool { return res.Controllers[i].Line < res.Controllers[j].Line })
	res.ManagerTimeout = managerTimeout(pass)
	res.lost = ev.lost
	return res, nil
}

// relevant is the fast path: the package imports the builder, the controller package or
// the root package, or a package with functions that build controllers.
func relevant(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		switch imp.Path() {
		case k8sapi.CtrlRoot, k8sapi.BuilderPkg, k8sapi.ControllerPkg:
			return true
		}
		if pass.ImportPackageFact(imp, new(BuildsControllers)) {
			return true
		}
	}
	return false
}

func isTestFile(pass *analysis.Pass, n ast.Node) bool {
	name := pass.Fset.File(n.Pos()).Name()
	return len(name) > 8 && name[len(name)-8:] == "_test.go"
}

// managerTimeout looks for a config.Controller literal that sets ReconciliationTimeout
// (the manager's controller defaults, v0.22 on).
func managerTimeout(pass *analysis.Pass) Tri {
	out := No
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || out == Yes {
				return out != Yes
			}
			if t := pass.TypesInfo.TypeOf(lit); t == nil || !k8sapi.IsType(t, k8sapi.ConfigPkg, "Controller") {
				return true
			}
			if v, ok := field(lit, "ReconciliationTimeout"); ok && !isZero(pass, v) {
				out = Yes
			}
			return true
		})
	}
	return out
}

// field returns the value of the keyed field name of a composite literal.
func field(lit *ast.CompositeLit, name string) (ast.Expr, bool) {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value, true
			}
		}
	}
	return nil, false
}

// isZero reports whether e is the constant 0.
func isZero(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v := constant.ToInt(tv.Value)
	return v.Kind() == constant.Int && constant.Sign(v) == 0
}

// line is the line of pos.
func line(pass *analysis.Pass, pos token.Pos) int { return pass.Fset.Position(pos).Line }
