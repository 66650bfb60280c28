package wiring

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// evaluator computes the Summary of each function of the package, on demand and once.
type evaluator struct {
	pass  *analysis.Pass
	decls map[*types.Func]*ast.FuncDecl
	sums  map[*types.Func]*Summary
	conc  map[*types.Func][]*Controller
	busy  map[*types.Func]bool
	// lost: a builder made in the package escaped before it was completed (given to a
	// function without a summary, stored in a field).
	lost bool
}

// bval is the abstract value of a builder or of a controller: the record being filled
// and the slot of the builder parameter it started from (0 for one made here).
type bval struct {
	base Slot
	c    *Controller
	// done: Complete or Build was called (the record is one of the function's
	// controllers); ctrl: a controller value (controller.New, Build).
	done, ctrl bool
}

// fnState is the evaluation of one function body.
type fnState struct {
	ev    *evaluator
	slots map[*types.Var]Slot
	env   map[*types.Var]*bval
	memo  map[*ast.CallExpr]*bval
	built []*bval // controllers completed or created here, in order
	ret   *bval
	retOK bool // a builder is returned (ret may be nil: unknown)
	// params: builder values of parameters, by slot.
	params map[Slot]*bval
}

// summary returns the fact of fn (nil when it builds nothing) and the controllers it
// builds that need nothing from its callers.
func (ev *evaluator) summary(fn *types.Func) (*Summary, []*Controller) {
	if s, ok := ev.sums[fn]; ok {
		return s, ev.conc[fn]
	}
	if ev.busy[fn] {
		return nil, nil
	}
	fd := ev.decls[fn]
	if fd == nil {
		return nil, nil
	}
	ev.busy[fn] = true
	st := &fnState{ev: ev, slots: map[*types.Var]Slot{}, env: map[*types.Var]*bval{}, memo: map[*ast.CallExpr]*bval{}, params: map[Slot]*bval{}}
	k := Slot(1)
	if fd.Recv != nil {
		for _, f := range fd.Recv.List {
			for _, n := range f.Names {
				if v, ok := ev.pass.TypesInfo.Defs[n].(*types.Var); ok {
					st.slots[v] = k
				}
			}
			k++
		}
	}
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			k++
			continue
		}
		for _, n := range f.Names {
			if v, ok := ev.pass.TypesInfo.Defs[n].(*types.Var); ok {
				st.slots[v] = k
			}
			k++
		}
	}
	st.walk(fd.Body)
	for _, b := range st.all() {
		if !b.done && b.base <= 0 && len(b.c.Opaque) > 0 {
			ev.lost = true
		}
	}
	sum := &Summary{}
	var conc []*Controller
	for _, b := range st.built {
		if b.base > 0 || templated(b.c) {
			c := *b.c
			if b.base > 0 {
				c.Base = b.base // completed from the caller's builder
			}
			sum.Controllers = append(sum.Controllers, c)
			continue
		}
		conc = append(conc, b.c)
	}
	if st.retOK {
		if st.ret == nil || st.ret.done {
			sum.Returns = &Template{Base: 0, Builder: Controller{Opaque: []string{"returned builder not followed"}}}
		} else {
			sum.Returns = &Template{Base: st.ret.base, Builder: *st.ret.c}
		}
	}
	slotsSorted := make([]Slot, 0, len(st.params))
	for s := range st.params {
		slotsSorted = append(slotsSorted, s)
	}
	slices.Sort(slotsSorted)
	for _, s := range slotsSorted {
		b := st.params[s]
		if b.done || empty(b.c) {
			continue
		}
		sum.Params = append(sum.Params, Template{Base: s, Builder: *b.c})
	}
	if len(sum.Controllers) == 0 && sum.Returns == nil && len(sum.Params) == 0 {
		sum = nil
	}
	ev.sums[fn] = sum
	if ev.conc == nil {
		ev.conc = map[*types.Func][]*Controller{}
	}
	ev.conc[fn] = conc
	delete(ev.busy, fn)
	return sum, conc
}

// empty reports whether a builder record holds no change.
func empty(c *Controller) bool {
	return c.For == nil && len(c.Watches) == 0 && len(c.Filters) == 0 && !c.Options.Seen && c.Name == "" && len(c.Opaque) == 0
}

// templated reports whether c depends on a parameter of its function.
func templated(c *Controller) bool {
	if c.Reconciler.Slot != 0 || c.Options.Slot != 0 {
		return true
	}
	if c.For != nil && (c.For.Kind.Slot != 0 || c.For.Owner.Slot != 0) {
		return true
	}
	for _, w := range c.Watches {
		if w.Kind.Slot != 0 || w.Owner.Slot != 0 {
			return true
		}
	}
	return false
}

// walk evaluates the statements of body in source order. Builder calls are evaluated
// once each (memo), where they first appear; assignments bind variables to builder
// and controller values.
func (st *fnState) walk(body ast.Node) {
	info := st.ev.pass.TypesInfo
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Rhs {
					st.bind(n.Lhs[i], st.eval(n.Rhs[i]), n.Rhs[i])
				}
			} else if len(n.Rhs) == 1 {
				st.bind(n.Lhs[0], st.eval(n.Rhs[0]), n.Rhs[0])
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Values {
					st.bind(n.Names[i], st.eval(n.Values[i]), n.Values[i])
				}
			} else if len(n.Values) == 1 && len(n.Names) > 0 {
				st.bind(n.Names[0], st.eval(n.Values[0]), n.Values[0])
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if isBuilderType(info.TypeOf(r)) {
					b := st.eval(r)
					if st.retOK && st.ret != b {
						b = nil // two different builders returned: not followed
					}
					st.ret, st.retOK = b, true
				}
			}
		case *ast.CallExpr:
			st.eval(n)
		}
		return true
	})
}

func appendOnce(s []string, v string) []string {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// all lists the builder values the function has seen.
func (st *fnState) all() []*bval {
	var out []*bval
	seen := map[*bval]bool{}
	add := func(b *bval) {
		if b != nil && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	for _, b := range st.env {
		add(b)
	}
	for _, b := range st.memo {
		add(b)
	}
	for _, b := range st.built {
		add(b)
	}
	return out
}

// bind records that lhs now holds v (evaluated from rhs). A builder or controller
// stored anywhere but in a local variable escapes: code elsewhere may add watches.
func (st *fnState) bind(lhs ast.Expr, v *bval, rhs ast.Expr) {
	if v == nil {
		return
	}
	info := st.ev.pass.TypesInfo
	if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
		if id.Name == "_" {
			return
		}
		obj := info.ObjectOf(id)
		if vv, ok := obj.(*types.Var); ok && vv.Parent() != nil && vv.Parent() != vv.Pkg().Scope() {
			st.env[vv] = v
			return
		}
	}
	v.c.Opaque = appendOnce(v.c.Opaque, "stored in "+types.ExprString(lhs))
}

// isBuilderType reports whether t is a (pointer to a) builder.
func isBuilderType(t types.Type) bool {
	return t != nil && k8sapi.IsType(derefType(t), k8sapi.BuilderPkg, "TypedBuilder")
}

// isControllerType reports whether t is controller.Controller / TypedController.
func isControllerType(t types.Type) bool {
	return t != nil && k8sapi.IsType(t, k8sapi.ControllerPkg, "TypedController")
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// eval returns the builder or controller value of e, or nil.
func (st *fnState) eval(e ast.Expr) *bval {
	info := st.ev.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return nil
		}
		if b := st.env[v]; b != nil {
			return b
		}
		if s := st.slots[v]; s != 0 && (isBuilderType(v.Type()) || isControllerType(v.Type())) {
			b := &bval{base: s, c: &Controller{Form: "builder"}, ctrl: isControllerType(v.Type())}
			st.params[s] = b
			st.env[v] = b
			return b
		}
		return nil
	case *ast.CallExpr:
		if b, ok := st.memo[e]; ok {
			return b
		}
		st.memo[e] = nil // guards against re-entry
		b := st.call(e)
		st.memo[e] = b
		return b
	}
	return nil
}

// call evaluates a call: a builder constructor or method, controller.New, a
// controller's Watch, or a call of a function with a summary.
func (st *fnState) call(call *ast.CallExpr) *bval {
	pass := st.ev.pass
	info := pass.TypesInfo
	switch {
	case k8sapi.IsFuncCall(info, call, k8sapi.CtrlRoot, "NewControllerManagedBy"),
		k8sapi.IsFuncCall(info, call, k8sapi.BuilderPkg, "ControllerManagedBy", "TypedControllerManagedBy"):
		st.evalArgs(call)
		return &bval{c: &Controller{Form: "builder"}}
	case k8sapi.IsFuncCall(info, call, k8sapi.ControllerPkg, "New", "NewTyped", "NewUnmanaged", "NewTypedUnmanaged"):
		st.evalArgs(call)
		return st.controllerNew(call)
	}
	if k8sapi.IsMethodCall(info, call, k8sapi.BuilderPkg, "TypedBuilder", builderMethods...) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		b := st.eval(sel.X)
		st.evalArgs(call)
		if b == nil {
			b = &bval{base: -1, c: &Controller{Form: "builder", Opaque: []string{"builder of " + types.ExprString(sel.X) + " not followed"}}}
		}
		return st.builderMethod(b, sel.Sel.Name, call)
	}
	if k8sapi.IsMethodCall(info, call, k8sapi.ControllerPkg, "TypedController", "Watch") {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		b := st.eval(sel.X)
		st.evalArgs(call)
		if b == nil {
			return nil // a controller the pass did not see made: nothing to add to
		}
		st.watchCall(b, call)
		return nil
	}
	return st.callFunc(call)
}

var builderMethods = []string{"For", "Owns", "Watches", "WatchesRawSource", "WatchesMetadata", "Named",
	"WithOptions", "WithEventFilter", "WithLogConstructor", "Complete", "Build"}

// evalArgs evaluates the arguments of call (builders nested in them).
func (st *fnState) evalArgs(call *ast.CallExpr) {
	for _, a := range call.Args {
		st.eval(a)
	}
}

// builderMethod applies the builder method name to b.
func (st *fnState) builderMethod(b *bval, name string, call *ast.CallExpr) *bval {
	c := b.c
	ln := line(st.ev.pass, call.Pos())
	args := call.Args
	switch name {
	case "For":
		if len(args) == 0 {
			return b
		}
		w := &Watch{Via: "For", Kind: st.kindRef(args[0]), Handler: HandlerInternal, Line: ln}
		st.watchOptions(w, args[1:])
		c.For = w
	case "Owns":
		if len(args) == 0 {
			return b
		}
		w := Watch{Via: "Owns", Kind: st.kindRef(args[0]), Handler: HandlerOwner, Line: ln}
		if c.For != nil {
			w.Owner = c.For.Kind
		}
		st.watchOptions(&w, args[1:])
		c.Watches = append(c.Watches, w)
	case "Watches", "WatchesMetadata":
		if len(args) < 2 {
			return b
		}
		w := Watch{Via: name, Line: ln, OnlyMetadata: name == "WatchesMetadata"}
		if k, ok := st.sourceKind(args[0]); ok {
			w.Kind = k // before v0.15: Watches(&source.Kind{Type: obj}, handler)
		} else {
			w.Kind = st.kindRef(args[0])
		}
		st.handler(&w, args[1])
		st.watchOptions(&w, args[2:])
		c.Watches = append(c.Watches, w)
	case "WatchesRawSource":
		if len(args) == 0 {
			return b
		}
		w := Watch{Via: name, Line: ln}
		if len(args) >= 2 { // v0.15..v0.17: WatchesRawSource(src, handler, opts...)
			st.handler(&w, args[1])
			st.watchOptions(&w, args[2:])
		}
		if !st.source(&w, args[0]) {
			c.Opaque = appendOnce(c.Opaque, "raw source "+types.ExprString(args[0]))
			return b
		}
		c.Watches = append(c.Watches, w)
	case "WithEventFilter":
		if len(args) == 1 {
			c.Filters = append(c.Filters, st.pred(args[0], 0))
		}
	case "WithOptions":
		if len(args) == 1 {
			c.Options = st.options(args[0])
		}
	case "Named":
		if len(args) == 1 {
			c.Name = constString(st.ev.pass, args[0])
		}
	case "Complete", "Build":
		if len(args) == 1 {
			c.Reconciler = st.reconcilerRef(args[0])
		}
		c.Line = ln
		if !b.done {
			b.done = true
			st.built = append(st.built, b)
		}
		if name == "Build" {
			return &bval{base: b.base, c: c, done: true, ctrl: true}
		}
		return nil
	}
	return b
}

// controllerNew evaluates controller.New and its variants: the options are the
// argument of TypedOptions type.
func (st *fnState) controllerNew(call *ast.CallExpr) *bval {
	pass := st.ev.pass
	c := &Controller{Form: "controller.New", Line: line(pass, call.Pos())}
	if len(call.Args) > 0 {
		c.Name = constString(pass, call.Args[0])
	}
	for _, a := range call.Args {
		if t := pass.TypesInfo.TypeOf(a); t != nil && k8sapi.IsType(t, k8sapi.ControllerPkg, "TypedOptions") {
			c.Options = st.options(a)
			if lit := compositeOf(pass, a); lit != nil {
				if r, ok := field(lit, "Reconciler"); ok {
					c.Reconciler = st.reconcilerRef(r)
				}
			}
		}
	}
	b := &bval{c: c, done: true, ctrl: true}
	st.built = append(st.built, b)
	return b
}

// watchCall adds the source of a controller's Watch: Watch(src) from v0.18 on,
// Watch(src, handler, predicates...) before.
func (st *fnState) watchCall(b *bval, call *ast.CallExpr) {
	if len(call.Args) == 0 {
		return
	}
	w := Watch{Via: "Watch", Line: line(st.ev.pass, call.Pos())}
	if len(call.Args) >= 2 {
		st.handler(&w, call.Args[1])
		for _, p := range call.Args[2:] {
			w.Preds = append(w.Preds, st.pred(p, 0))
		}
	}
	if !st.source(&w, call.Args[0]) {
		b.c.Opaque = appendOnce(b.c.Opaque, "source "+types.ExprString(call.Args[0]))
		return
	}
	b.c.Watches = append(b.c.Watches, w)
}

// source fills w from a source expression: source.Kind(cache, obj[, handler,
// predicates...]) and TypedKind, the struct &source.Kind{Type: obj} of releases before
// v0.15, and a source.Channel (no kind). It returns false for a source it cannot read.
func (st *fnState) source(w *Watch, e ast.Expr) bool {
	pass := st.ev.pass
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if k8sapi.IsFuncCall(info, call, k8sapi.SourcePkg, "Kind", "TypedKind") && len(call.Args) >= 2 {
			w.Kind = st.kindRef(call.Args[1])
			if len(call.Args) >= 3 {
				st.handler(w, call.Args[2])
				for _, p := range call.Args[3:] {
					w.Preds = append(w.Preds, st.pred(p, 0))
				}
			}
			return true
		}
		if k8sapi.IsFuncCall(info, call, k8sapi.SourcePkg, "Channel", "TypedChannel") { // v0.18 on
			w.Handler = HandlerMap
			if len(call.Args) >= 2 {
				st.handler(w, call.Args[1])
			}
			return true // no kind: events come from the channel
		}
		return false
	}
	if k, ok := st.sourceKind(e); ok {
		w.Kind = k
		return true
	}
	if lit := compositeOf(pass, e); lit != nil && k8sapi.IsType(info.TypeOf(lit), k8sapi.SourcePkg, "Channel") {
		return true // &source.Channel{Source: ch} before v0.18
	}
	return false
}

// sourceKind reads the struct &source.Kind{Type: obj} of releases before v0.15.
func (st *fnState) sourceKind(e ast.Expr) (Ref, bool) {
	pass := st.ev.pass
	lit := compositeOf(pass, e)
	if lit == nil {
		return Ref{}, false
	}
	if !k8sapi.IsType(pass.TypesInfo.TypeOf(lit), k8sapi.SourcePkg, "Kind") {
		return Ref{}, false
	}
	if v, ok := field(lit, "Type"); ok {
		return st.kindRef(v), true
	}
	return Ref{}, true
}

// handler classifies an event handler expression.
func (st *fnState) handler(w *Watch, e ast.Expr) {
	pass := st.ev.pass
	info := pass.TypesInfo
	e = ast.Unparen(e)
	w.Handler = HandlerUnknown
	if call, ok := e.(*ast.CallExpr); ok {
		switch {
		case k8sapi.IsFuncCall(info, call, k8sapi.HandlerPkg, "EnqueueRequestForOwner", "TypedEnqueueRequestForOwner"):
			w.Handler = HandlerEvery
			if len(call.Args) >= 3 {
				w.Owner = st.kindRef(call.Args[2])
				for _, o := range call.Args[3:] {
					if oc, ok := ast.Unparen(o).(*ast.CallExpr); ok && k8sapi.IsFuncCall(info, oc, k8sapi.HandlerPkg, "OnlyControllerOwner") {
						w.Handler = HandlerOwner
					}
				}
			}
		case k8sapi.IsFuncCall(info, call, k8sapi.HandlerPkg, "EnqueueRequestsFromMapFunc", "TypedEnqueueRequestsFromMapFunc"):
			w.Handler = HandlerMap
		}
		return
	}
	lit := compositeOf(pass, e)
	if lit == nil {
		return
	}
	t := info.TypeOf(lit)
	switch {
	case k8sapi.IsType(t, k8sapi.HandlerPkg, "TypedEnqueueRequestForObject"):
		w.Handler = HandlerObject
	case k8sapi.IsType(t, k8sapi.HandlerPkg, "EnqueueRequestForOwner"): // the struct of releases before v0.15
		w.Handler = HandlerEvery
		if v, ok := field(lit, "OwnerType"); ok {
			w.Owner = st.kindRef(v)
		}
		if v, ok := field(lit, "IsController"); ok {
			if tv := info.Types[v]; tv.Value != nil && constant.BoolVal(tv.Value) {
				w.Handler = HandlerOwner
			} else if tv.Value == nil {
				w.Handler = HandlerUnknown
			}
		}
	case k8sapi.IsType(t, k8sapi.HandlerPkg, "EnqueueRequestsFromMapFunc"): // the struct of v0.6
		w.Handler = HandlerMap
	case k8sapi.IsType(t, k8sapi.HandlerPkg, "TypedFuncs"):
		w.Handler = HandlerFuncs
	}
}

// watchOptions reads the options of For, Owns and Watches: builder.WithPredicates,
// builder.OnlyMetadata, builder.MatchEveryOwner.
func (st *fnState) watchOptions(w *Watch, opts []ast.Expr) {
	pass := st.ev.pass
	info := pass.TypesInfo
	for _, o := range opts {
		o = ast.Unparen(o)
		if call, ok := o.(*ast.CallExpr); ok && k8sapi.IsFuncCall(info, call, k8sapi.BuilderPkg, "WithPredicates") {
			for _, p := range call.Args {
				w.Preds = append(w.Preds, st.pred(p, 0))
			}
			if call.Ellipsis.IsValid() {
				w.Preds = append(w.Preds, Pred{Unknown: true, Desc: "predicates from a slice"})
			}
			continue
		}
		if id := selIdent(o); id != nil {
			switch obj := info.Uses[id]; {
			case k8sapi.IsObj(obj, k8sapi.BuilderPkg, "MatchEveryOwner"):
				w.Handler = HandlerEvery
				continue
			case k8sapi.IsObj(obj, k8sapi.BuilderPkg, "OnlyMetadata"):
				w.OnlyMetadata = true
				continue
			}
		}
		w.Preds = append(w.Preds, Pred{Unknown: true, Desc: types.ExprString(o)})
	}
}

// selIdent returns the identifier of x or pkg.x.
func selIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// pred judges an event filter.
func (st *fnState) pred(e ast.Expr, depth int) Pred {
	pass := st.ev.pass
	info := pass.TypesInfo
	e = ast.Unparen(e)
	desc := types.ExprString(e)
	if len(desc) > 60 {
		desc = desc[:60]
	}
	if depth > 3 {
		return Pred{Unknown: true, Desc: desc}
	}
	t := info.TypeOf(e)
	if t != nil {
		switch tt := derefType(t); {
		case k8sapi.IsType(tt, k8sapi.PredicatePkg, "TypedGenerationChangedPredicate"):
			return Pred{Generation: true, Desc: "predicate.GenerationChangedPredicate"}
		case k8sapi.IsType(tt, k8sapi.PredicatePkg, "TypedFuncs"):
			if lit := compositeOf(pass, e); lit != nil {
				if v, ok := field(lit, "UpdateFunc"); ok {
					if fl, ok := ast.Unparen(v).(*ast.FuncLit); ok && readsGeneration(fl.Body) {
						return Pred{Generation: true, Desc: "predicate.Funcs comparing generations"}
					}
					if _, ok := ast.Unparen(v).(*ast.FuncLit); !ok {
						return Pred{Unknown: true, Desc: desc}
					}
				}
				return Pred{Desc: "predicate.Funcs"}
			}
		}
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if k8sapi.IsFuncCall(info, x, k8sapi.PredicatePkg, "And", "Or", "Not") {
			name := k8sapi.Callee(info, x).Name()
			var ps []Pred
			for _, a := range x.Args {
				ps = append(ps, st.pred(a, depth+1))
			}
			return combine(name, ps, desc)
		}
		if k8sapi.IsFuncCall(info, x, k8sapi.PredicatePkg, "NewPredicateFuncs", "NewTypedPredicateFuncs",
			"ResourceVersionChangedPredicate", "LabelChangedPredicate", "AnnotationChangedPredicate") {
			return Pred{Desc: desc}
		}
		// A function of this package that returns one predicate expression.
		if fn, ok := k8sapi.Callee(info, x).(*types.Func); ok {
			if fd := st.ev.decls[fn]; fd != nil {
				if r := singleReturn(fd); r != nil {
					return st.pred(r, depth+1)
				}
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		// A package-level variable of this package initialised once.
		if v, ok := info.Uses[selIdent(x)].(*types.Var); ok && v.Pkg() == pass.Pkg && v.Parent() == pass.Pkg.Scope() {
			if init := varInit(pass, v); init != nil {
				return st.pred(init, depth+1)
			}
		}
	case *ast.UnaryExpr, *ast.CompositeLit:
		if n := k8sapi.Named(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == k8sapi.PredicatePkg {
			return Pred{Desc: desc} // another predicate type of controller-runtime
		}
	}
	return Pred{Unknown: true, Desc: desc}
}

// combine judges predicate.And, Or and Not of ps.
func combine(name string, ps []Pred, desc string) Pred {
	out := Pred{Desc: desc}
	switch name {
	case "And":
		for _, p := range ps {
			out.Generation = out.Generation || p.Generation
			out.Unknown = out.Unknown || p.Unknown
		}
		if out.Generation {
			out.Unknown = false
		}
	case "Or":
		out.Generation = len(ps) > 0
		for _, p := range ps {
			out.Generation = out.Generation && p.Generation
			out.Unknown = out.Unknown || p.Unknown
		}
	default:
		out.Unknown = true
	}
	return out
}

// readsGeneration reports whether body calls GetGeneration or reads a Generation field.
func readsGeneration(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "GetGeneration" || sel.Sel.Name == "Generation") {
			found = true
		}
		return !found
	})
	return found
}

// singleReturn returns the expression of a function whose body is one return of one
// value.
func singleReturn(fd *ast.FuncDecl) ast.Expr {
	if fd.Body == nil || len(fd.Body.List) != 1 {
		return nil
	}
	if r, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
		return r.Results[0]
	}
	return nil
}

// varInit returns the initial value of the package-level variable v.
func varInit(pass *analysis.Pass, v *types.Var) ast.Expr {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if pass.TypesInfo.Defs[n] == v && len(vs.Values) == len(vs.Names) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// options reads controller.Options: a literal (or &literal, or a local variable
// assigned one), or a parameter (a template slot).
func (st *fnState) options(e ast.Expr) Options {
	pass := st.ev.pass
	o := Options{Seen: true}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
			if s := st.slots[v]; s != 0 {
				o.Slot = s
				o.ReconciliationTimeout, o.RateLimiter, o.MaxConcurrentReconciles = Unknown, Unknown, -1
				return o
			}
		}
	}
	lit := compositeOf(pass, e)
	if lit == nil {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			lit = st.localLiteral(id)
		}
	}
	if lit == nil {
		o.ReconciliationTimeout, o.RateLimiter, o.MaxConcurrentReconciles = Unknown, Unknown, -1
		return o
	}
	if v, ok := field(lit, "ReconciliationTimeout"); ok {
		o.ReconciliationTimeout = Yes
		if isZero(pass, v) {
			o.ReconciliationTimeout = No
		} else if tv := pass.TypesInfo.Types[v]; tv.Value == nil {
			o.ReconciliationTimeout = Yes // a variable: set, its value decided at run time
		}
	}
	if v, ok := field(lit, "MaxConcurrentReconciles"); ok {
		o.MaxConcurrentReconciles = -1
		if tv := pass.TypesInfo.Types[v]; tv.Value != nil {
			if n, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
				o.MaxConcurrentReconciles = int(n)
			}
		}
	}
	if _, ok := field(lit, "RateLimiter"); ok {
		o.RateLimiter = Yes
	}
	return o
}

// localLiteral finds the composite literal a local variable is declared with, when it
// is assigned nowhere else in the function.
func (st *fnState) localLiteral(id *ast.Ident) *ast.CompositeLit {
	pass := st.ev.pass
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() != pass.Pkg {
		return nil
	}
	var lit *ast.CompositeLit
	count := 0
	for _, f := range pass.Files {
		if f.Pos() > v.Pos() || v.Pos() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if lid, ok := ast.Unparen(l).(*ast.Ident); ok && pass.TypesInfo.ObjectOf(lid) == v {
						count++
						if len(n.Rhs) == len(n.Lhs) {
							lit = compositeOf(pass, n.Rhs[i])
						}
					} else if root := rootIdent(l); root != nil && pass.TypesInfo.ObjectOf(root) == v {
						count += 2 // a field set after the declaration
					}
				}
			case *ast.ValueSpec:
				for i, nm := range n.Names {
					if pass.TypesInfo.Defs[nm] == v {
						count++
						if len(n.Values) == len(n.Names) {
							lit = compositeOf(pass, n.Values[i])
						}
					}
				}
			}
			return true
		})
	}
	if count != 1 {
		return nil
	}
	return lit
}

// rootIdent is the identifier at the root of a selector chain.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

// compositeOf returns the composite literal of e, &lit, or nil.
func compositeOf(pass *analysis.Pass, e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// constString returns the constant string value of e, or "".
func constString(pass *analysis.Pass, e ast.Expr) string {
	if tv := pass.TypesInfo.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// kindRef names the kind of an object expression: its concrete named type, or the slot
// of an interface-typed parameter. Unstructured objects and metadata-only objects carry
// their kind at run time: unknown.
func (st *fnState) kindRef(e ast.Expr) Ref {
	info := st.ev.pass.TypesInfo
	t := info.TypeOf(e)
	if t == nil {
		return Ref{}
	}
	if types.IsInterface(t) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if s := st.slots[v]; s != 0 {
					return Ref{Slot: s}
				}
			}
		}
		return Ref{}
	}
	if _, ok := types.Unalias(derefType(t)).(*types.TypeParam); ok {
		return Ref{}
	}
	key := typeKey(t)
	switch key {
	case "", "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured",
		"k8s.io/apimachinery/pkg/apis/meta/v1.PartialObjectMetadata":
		return Ref{}
	}
	return Ref{Type: key}
}

// reconcilerRef names the reconciler a controller runs by the receiver type of its
// Reconcile method (so that a reconciler that embeds another's Reconcile links to the
// entry point the reconcilers pass found); reconcile.AsReconciler(c, r) runs r.
func (st *fnState) reconcilerRef(e ast.Expr) Ref {
	pass := st.ev.pass
	info := pass.TypesInfo
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && k8sapi.IsFuncCall(info, call, k8sapi.ReconcilePkg, "AsReconciler") && len(call.Args) == 2 {
		e = call.Args[1]
	}
	t := info.TypeOf(e)
	if t == nil {
		return Ref{}
	}
	if types.IsInterface(t) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if s := st.slots[v]; s != 0 {
					return Ref{Slot: s}
				}
			}
		}
		return Ref{}
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, "Reconcile")
	if fn, ok := obj.(*types.Func); ok {
		if k := recvKey(fn); k != "" {
			return Ref{Type: k}
		}
	}
	return Ref{Type: typeKey(t)}
}

// callFunc evaluates a call of a function with a Summary (of this package, computed on
// demand, or of another, from its fact): its controllers are instantiated with the
// arguments, its returned builder and the builders it changes are applied. A builder
// given to a function without a summary outside this package becomes opaque.
func (st *fnState) callFunc(call *ast.CallExpr) *bval {
	pass := st.ev.pass
	info := pass.TypesInfo
	fn, _ := k8sapi.Callee(info, call).(*types.Func)
	// The argument slots: the receiver first for a method.
	var slotExprs []ast.Expr
	if fn != nil && fn.Signature().Recv() != nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				slotExprs = append(slotExprs, sel.X)
			}
		}
		if slotExprs == nil {
			slotExprs = append(slotExprs, nil) // a method expression: T.M(recv, ...)
		}
	}
	slotExprs = append(slotExprs, call.Args...)
	argVals := make([]*bval, len(slotExprs))
	for i, a := range slotExprs {
		if a != nil {
			argVals[i] = st.eval(a)
		}
	}
	var sum *Summary
	if fn != nil && fn.Pkg() != nil {
		if fn.Pkg() == pass.Pkg {
			sum, _ = st.ev.summary(fn)
		} else {
			s := new(Summary)
			if pass.ImportObjectFact(fn, s) {
				sum = s
			}
		}
	}
	if sum == nil {
		if fn == nil || fn.Pkg() == nil || fn.Pkg() != pass.Pkg && !k8sapi.IsControllerPackage(fn.Pkg().Path()) && fn.Pkg().Path() != "fmt" && fn.Pkg().Path() != "errors" {
			for i, b := range argVals {
				if b != nil && slotExprs[i] != nil {
					b.c.Opaque = appendOnce(b.c.Opaque, "given to "+types.ExprString(call.Fun))
				}
			}
		}
		return nil
	}
	sub := func(r Ref) Ref {
		if r.Slot == 0 {
			return r
		}
		i := int(r.Slot) - 1
		if i < 0 || i >= len(slotExprs) || slotExprs[i] == nil || fn.Signature().Variadic() && i >= len(slotExprs)-1 && int(r.Slot) > fn.Signature().Params().Len() {
			return Ref{}
		}
		return st.kindRef(slotExprs[i])
	}
	subRec := func(r Ref) Ref {
		if r.Slot == 0 {
			return r
		}
		i := int(r.Slot) - 1
		if i < 0 || i >= len(slotExprs) || slotExprs[i] == nil {
			return Ref{}
		}
		return st.reconcilerRef(slotExprs[i])
	}
	inst := func(c Controller) *Controller {
		out := c
		out.Reconciler = subRec(c.Reconciler)
		out.Opaque = slices.Clone(c.Opaque)
		if c.For != nil {
			f := *c.For
			f.Kind, f.Owner = sub(f.Kind), sub(f.Owner)
			out.For = &f
		}
		out.Watches = nil
		for _, w := range c.Watches {
			w.Kind, w.Owner = sub(w.Kind), sub(w.Owner)
			out.Watches = append(out.Watches, w)
		}
		if c.Options.Slot != 0 {
			i := int(c.Options.Slot) - 1
			if i >= 0 && i < len(slotExprs) && slotExprs[i] != nil {
				out.Options = st.options(slotExprs[i])
			}
		}
		out.Line = line(pass, call.Pos())
		return &out
	}
	merge := func(dst *bval, tmpl Controller) {
		c := inst(tmpl)
		d := dst.c
		if c.For != nil {
			d.For = c.For
			for i := range d.Watches { // Owns added before this call name the new For
				if d.Watches[i].Via == "Owns" && !d.Watches[i].Owner.Known() {
					d.Watches[i].Owner = c.For.Kind
				}
			}
		}
		for _, w := range c.Watches {
			if w.Via == "Owns" && !w.Owner.Known() && d.For != nil {
				w.Owner = d.For.Kind
			}
			d.Watches = append(d.Watches, w)
		}
		d.Filters = append(d.Filters, c.Filters...)
		if c.Options.Seen {
			d.Options = c.Options
		}
		if c.Name != "" {
			d.Name = c.Name
		}
		for _, o := range c.Opaque {
			d.Opaque = appendOnce(d.Opaque, o)
		}
	}
	for _, c := range sum.Controllers {
		if c.Base > 0 {
			// The callee completed a builder its caller gave it.
			i := int(c.Base) - 1
			if i < 0 || i >= len(argVals) || argVals[i] == nil {
				ic := inst(c)
				ic.Base = 0
				ic.Opaque = appendOnce(ic.Opaque, "completed builder not followed")
				st.built = append(st.built, &bval{base: -1, c: ic, done: true})
				continue
			}
			b := argVals[i]
			tmpl := c
			tmpl.Base = 0
			merge(b, tmpl)
			b.c.Reconciler = subRec(c.Reconciler)
			b.c.Line = line(pass, call.Pos())
			if !b.done {
				b.done = true
				st.built = append(st.built, b)
			}
			continue
		}
		st.built = append(st.built, &bval{c: inst(c), done: true})
	}
	for _, p := range sum.Params {
		i := int(p.Base) - 1
		if i >= 0 && i < len(argVals) && argVals[i] != nil {
			merge(argVals[i], p.Builder)
		}
	}
	if sum.Returns != nil {
		var b *bval
		if sum.Returns.Base == 0 {
			b = &bval{c: &Controller{Form: "builder"}}
		} else if i := int(sum.Returns.Base) - 1; i >= 0 && i < len(argVals) {
			b = argVals[i]
		}
		if b == nil {
			b = &bval{base: -1, c: &Controller{Form: "builder", Opaque: []string{"builder of " + types.ExprString(call.Fun) + " not followed"}}}
		}
		merge(b, sum.Returns.Builder)
		return b
	}
	return nil
}
