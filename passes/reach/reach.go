// Package reach computes what each entry point reaches, with call chains: reconcile
// entry points (package reconcilers) and webhook entry points (package webhooks), kept
// apart so that each rule chooses the kinds it applies to (Reached, ReachedAs).
//
// Within a package, a function is reached from an entry point through static calls,
// method calls on concrete types, function literals defined in a reached function, and
// references to functions (method values, functions passed as arguments such as a poll
// condition). Code started on another goroutine (go statements, errgroup.Go,
// sync.WaitGroup.Go, time.AfterFunc) is not reached: it does not run on the worker.
// Neither are event callbacks registered from a reached function (a map function given
// to handler.EnqueueRequestsFromMapFunc, the fields of handler.Funcs, predicate.Funcs or
// client-go's ResourceEventHandlerFuncs; k8sapi.CallbackCall, CallbackLit): the
// informer runs them later, on its own goroutine, without the reconcile's ctx.
// Interface method calls are not followed.
//
// Across packages the pass exports a Summary fact on every function of the module's
// own packages that has an effect (for example "blocks"), with the shortest chain to the
// site of the effect. Packages of versioned dependency modules and of the standard
// library get no facts: what controller-runtime, client-go and apimachinery do is
// described by package k8sapi.
package reach

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/entry"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/webhooks"
)

// Analyzer computes reachability from entry points and effect summaries.
var Analyzer = &analysis.Analyzer{
	Name:       "reach",
	Doc:        "compute what reconcile entry points reach, and per-function effect summaries",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/reach",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer, reconcilers.Analyzer, webhooks.Analyzer, directives.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Summary)},
}

// Effect is a kind of behaviour that rules ask about. Each effect is declared, with its
// detector, in a file effect_<name>.go of this package.
type Effect string

// Summary is the fact exported on a function with effects: for each effect, the shortest
// chain from the function to the site, in qualified names, ending with the site's
// description (e.g. ["util.WaitReady", "util.poll", "time.Sleep"]).
type Summary struct {
	Effects []EffectChain
}

// EffectChain is one effect of a Summary.
type EffectChain struct {
	Effect Effect
	Chain  []string
}

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for _, e := range s.Effects {
		parts = append(parts, string(e.Effect)+": "+strings.Join(e.Chain, " → "))
	}
	return strings.Join(parts, "; ")
}

// Chain returns the chain for effect e, or nil.
func (s *Summary) Chain(e Effect) []string {
	for _, ec := range s.Effects {
		if ec.Effect == e {
			return ec.Chain
		}
	}
	return nil
}

// Site is a place in this package where an effect happens: a direct site (a call of
// time.Sleep) or a call of a function that has the effect.
type Site struct {
	Effect Effect
	Node   ast.Node // the call or receive
	Func   ast.Node // the enclosing *ast.FuncDecl or *ast.FuncLit
	Desc   string   // "time.Sleep", or the qualified name of the called function
	// Span is, for a direct site of RetryLoop, the loop statement that retries.
	Span ast.Node
	// Via is, for a call of a function with the effect, the callee's chain to the site
	// (starting with the callee). It is nil for direct sites.
	Via []string
}

// Result is the reachability of one package.
type Result struct {
	reached map[ast.Node][]string // function node → shortest chain from a reconcile entry point (short names)
	hooked  map[ast.Node][]string // the same from webhook entry points
	// converts holds the nodes of hooked reached only from conversion webhooks
	// (ConvertTo/ConvertFrom, spoke converter functions), not from admission ones.
	converts map[ast.Node]bool
	exposed  map[ast.Node][]string // the same from exposed functions (see Exposed)
	sites    []Site
	funcs    []ast.Node // reached function nodes, in source order
	best     map[Effect]map[ast.Node][]string
	all      []ast.Node // function nodes reached from entry points of any kind, in source order

	callbacks []*Callback            // event callbacks of the package, in source order
	evented   map[ast.Node]eventPath // function node → its path from a callback
	evFuncs   []ast.Node             // function nodes reached from callbacks, in source order
}

// Callback is an event callback of the package: a function that an informer calls for
// each event, on its own goroutine, without a reconcile's ctx (see
// k8sapi.CallbackKind). Callbacks are not reached from the entry points that register
// them; rules about event callbacks ask Callback.
type Callback struct {
	Kind k8sapi.CallbackKind
	// Node is the *ast.FuncDecl or *ast.FuncLit.
	Node ast.Node
	// Label starts the chains from the callback: the field it is given in
	// ("DeleteFunc"), "map function", or the method ("Reconciler.Update").
	Label string
	// Desc says where the callback is registered, for messages: "the DeleteFunc of a
	// predicate.Funcs", "the map function of handler.EnqueueRequestsFromMapFunc",
	// "Reconciler.Update, a predicate method".
	Desc string
}

type eventPath struct {
	chain []string
	cb    *Callback
	first ast.Node // the call or reference in the callback that leads here; nil for the callback
}

// Callbacks returns the event callbacks of the package, in source order.
func (r *Result) Callbacks() []*Callback { return r.callbacks }

// Callback reports whether fn runs in an event callback of this package: the callback
// itself, or a function of the package it calls (through static calls, function
// literals and function values, as Reached). It returns the shortest chain from the
// callback (starting with its Label), the callback, and the call or reference in the
// callback's own body that leads to fn (nil when fn is the callback).
func (r *Result) Callback(fn ast.Node) (chain []string, cb *Callback, first ast.Node, ok bool) {
	p, ok := r.evented[fn]
	return p.chain, p.cb, p.first, ok
}

// CallbackFuncs returns the function nodes reached from event callbacks, in source order.
func (r *Result) CallbackFuncs() []ast.Node { return r.evFuncs }

// Reached reports whether the function node (*ast.FuncDecl or *ast.FuncLit) is reached
// from an entry point on the worker goroutine, and the shortest chain of function names
// from the entry point to it.
func (r *Result) Reached(fn ast.Node) ([]string, bool) {
	c, ok := r.reached[fn]
	return c, ok
}

// EffectChain returns the shortest chain from the function node fn of this package to a
// site of effect e (qualified names, fn's first, ending with the site's description),
// or nil when fn does not have the effect.
func (r *Result) EffectChain(fn ast.Node, e Effect) []string { return r.best[e][fn] }

// Funcs returns the reached function nodes in source order.
func (r *Result) Funcs() []ast.Node { return r.funcs }

// ReachedAs is Reached for entry points of every kind: it reports whether fn is reached
// from a reconcile entry point or, failing that, from a webhook entry point, with the
// shortest chain from the entry point and its kind: entry.Reconcile, entry.Admission,
// or entry.Conversion when only conversion webhooks reach fn (the API server calls them
// on reads and writes of a kind in a version other than the stored one, not on
// admission). Only rules whose defect also hurts a webhook ask it; the rest ask
// Reached, so that rules about Results, queues, status and finalizers never report
// from a webhook.
func (r *Result) ReachedAs(fn ast.Node) (chain []string, kind entry.Kind, ok bool) {
	if c, ok := r.reached[fn]; ok {
		return c, entry.Reconcile, true
	}
	if c, ok := r.hooked[fn]; ok {
		if r.converts[fn] {
			return c, entry.Conversion, true
		}
		return c, entry.Admission, true
	}
	return nil, "", false
}

// Exposed reports whether fn is reached, on the calling goroutine, from a function of
// this package that other packages can call with their ctx: an exported function or a
// method (of any type) outside test files that has a context.Context parameter, other
// than a Runnable's Start(ctx) error and functions of package main. It returns the
// shortest chain from such a function (short names). Rules whose defect is a function
// ignoring a ctx it has ask it, so that the defect is reported where it stands in a
// helper package, which has no entry point of its own, once, and not at each caller.
func (r *Result) Exposed(fn ast.Node) ([]string, bool) {
	c, ok := r.exposed[fn]
	return c, ok
}

// FuncsAll returns the function nodes reached from entry points of any kind, in source
// order.
func (r *Result) FuncsAll() []ast.Node { return r.all }

// Sites returns the sites of effect e in this package, in source order, reached or not.
func (r *Result) Sites(e Effect) []Site {
	var out []Site
	for _, s := range r.sites {
		if s.Effect == e {
			out = append(out, s)
		}
	}
	return out
}

type edgeKind int

const (
	callEdge edgeKind = iota // a static call
	refEdge                  // a function literal or a function value: may run synchronously
	goEdge                   // runs on another goroutine
)

type edge struct {
	kind edgeKind
	to   ast.Node    // function node in this package, or nil
	ext  *types.Func // function of another package, when to is nil
	at   ast.Node    // the call or reference
	cur  inspector.Cursor
}

type fnInfo struct {
	node  ast.Node
	cur   inspector.Cursor
	obj   *types.Func // nil for function literals
	edges []edge
}

func run(pass *analysis.Pass) (any, error) {
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	hooks := pass.ResultOf[webhooks.Analyzer].(*webhooks.Result)
	res := &Result{reached: map[ast.Node][]string{}, hooked: map[ast.Node][]string{}, exposed: map[ast.Node][]string{}, converts: map[ast.Node]bool{}, evented: map[ast.Node]eventPath{}}
	own := k8sapi.OwnPackage(pass)
	if !own && len(recs.Entries()) == 0 && len(hooks.Entries()) == 0 {
		return res, nil
	}
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)

	// Function nodes of the package.
	funcs := map[ast.Node]*fnInfo{}
	var order []ast.Node
	declOf := map[*types.Func]ast.Node{}
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		n := cur.Node()
		fi := &fnInfo{node: n, cur: cur}
		if fd, ok := n.(*ast.FuncDecl); ok {
			if fd.Body == nil {
				continue
			}
			fi.obj, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fi.obj != nil {
				declOf[fi.obj] = n
			}
		}
		funcs[n] = fi
		order = append(order, n)
	}
	addEdge := func(from ast.Node, e edge) {
		if fi := funcs[from]; fi != nil {
			fi.edges = append(fi.edges, e)
		}
	}
	// target resolves a referenced function to a node of this package or an external
	// function.
	target := func(fn *types.Func) (ast.Node, *types.Func) {
		fn = fn.Origin()
		if fn.Pkg() == pass.Pkg {
			return declOf[fn], nil
		}
		return nil, fn
	}
	// async marks expressions whose functions run on another goroutine.
	async := map[ast.Expr]bool{}
	var direct []Site
	// cbExprs are the function values registered as event callbacks.
	type cbExpr struct {
		x           ast.Expr
		kind        k8sapi.CallbackKind
		label, desc string
	}
	var cbExprs []cbExpr

	for cur := range ins.Root().Preorder((*ast.GoStmt)(nil), (*ast.CallExpr)(nil), (*ast.FuncLit)(nil),
		(*ast.Ident)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil), (*ast.CompositeLit)(nil), (*ast.ReturnStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.GoStmt:
			async[n.Call.Fun] = true
		case *ast.CompositeLit:
			if k8sapi.CallbackLit(pass.TypesInfo, n) {
				kind, typ := k8sapi.CallbackFieldKind(pass.TypesInfo, n)
				for _, elt := range n.Elts {
					label := "callback"
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						elt = kv.Value
						if id, ok := kv.Key.(*ast.Ident); ok {
							label = id.Name
						}
					}
					async[ast.Unparen(elt)] = true
					if kind != "" {
						cbExprs = append(cbExprs, cbExpr{ast.Unparen(elt), kind, label, "the " + label + " of a " + typ})
					}
				}
			}
		case *ast.ReturnStmt:
			// A function literal returned as a handler or predicate type (a helper that
			// builds a handler.MapFunc) is a callback, like one passed to the handler.
			fnc := enclosingFunc(cur)
			sig := funcSig(pass.TypesInfo, fnc)
			if funcs[fnc] == nil || sig == nil || sig.Results().Len() != len(n.Results) {
				continue
			}
			for i, res := range n.Results {
				lit, ok := ast.Unparen(res).(*ast.FuncLit)
				if !ok || !k8sapi.CallbackType(sig.Results().At(i).Type()) {
					continue
				}
				async[lit] = true
				t := k8sapi.Named(sig.Results().At(i).Type()).Obj()
				kind := k8sapi.PredicateCallback
				if t.Pkg().Path() == k8sapi.HandlerPkg {
					kind = k8sapi.MapCallback
				}
				cbExprs = append(cbExprs, cbExpr{lit, kind, "map function", "a " + t.Pkg().Name() + "." + strings.TrimPrefix(t.Name(), "Typed") + " returned by " + shortName(funcs[fnc])})
			}
		case *ast.CallExpr:
			from := enclosingFunc(cur)
			if k8sapi.AsyncCall(pass.TypesInfo, n) {
				for _, a := range n.Args {
					async[ast.Unparen(a)] = true
				}
			} else if k8sapi.CallbackCall(pass.TypesInfo, n) {
				kind, desc := k8sapi.CallbackCallKind(pass.TypesInfo, n)
				label := "map function"
				if kind == k8sapi.PredicateCallback {
					label = "predicate function"
				}
				for _, a := range n.Args {
					async[ast.Unparen(a)] = true
					cbExprs = append(cbExprs, cbExpr{ast.Unparen(a), kind, label, desc})
				}
			}
			if from == nil {
				continue
			}
			kind := callEdge
			if async[n.Fun] {
				kind = goEdge
			}
			if fn := typeutil.StaticCallee(pass.TypesInfo, n); fn != nil {
				to, ext := target(fn)
				if to != nil || ext != nil {
					addEdge(from, edge{kind: kind, to: to, ext: ext, at: n, cur: cur})
				}
			}
			if kind == callEdge {
				for _, det := range detectors {
					if det.Call == nil {
						continue
					}
					if d := det.Call(pass, cur, n); d != "" {
						direct = append(direct, Site{Effect: det.Effect, Node: n, Func: from, Desc: d})
					}
				}
			}
		case *ast.FuncLit:
			from := enclosingFunc(cur.Parent())
			if from == nil {
				continue
			}
			kind := refEdge
			if async[n] {
				kind = goEdge
			}
			addEdge(from, edge{kind: kind, to: n, at: n})
		case *ast.Ident:
			fn, ok := pass.TypesInfo.Uses[n].(*types.Func)
			if !ok || isCallee(cur) {
				continue
			}
			from := enclosingFunc(cur)
			if from == nil {
				continue
			}
			kind := refEdge
			if p, ok := cur.Parent().Node().(ast.Expr); ok && (async[p] || async[n]) {
				kind = goEdge
			}
			to, ext := target(fn)
			if to != nil || ext != nil {
				addEdge(from, edge{kind: kind, to: to, ext: ext, at: n})
			}
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				continue
			}
			if d := k8sapi.TimerChannel(pass.TypesInfo, n.X); d != "" {
				if from := enclosingFunc(cur); from != nil {
					direct = append(direct, Site{Effect: Blocking, Node: n, Func: from, Desc: "receive from " + d})
				}
			}
		case *ast.RangeStmt:
			if d := k8sapi.TimerChannel(pass.TypesInfo, n.X); d != "" {
				if from := enclosingFunc(cur); from != nil {
					direct = append(direct, Site{Effect: Blocking, Node: n.X, Func: from, Desc: "range over " + d})
				}
			}
		}
	}

	for _, det := range detectors {
		if det.Func == nil {
			continue
		}
		for _, n := range order {
			direct = append(direct, det.Func(pass, funcs[n].cur)...)
		}
	}

	// Reachability from entry points over synchronous edges (BFS gives shortest chains),
	// once from the reconcile entry points, once from the webhook entry points, and once
	// from exposed functions (computed first: sites they reach give no facts).
	bfs := func(roots []ast.Node, reached map[ast.Node][]string, exposed bool) {
		var queue []ast.Node
		for _, n := range roots {
			if _, ok := funcs[n]; ok {
				if _, seen := reached[n]; seen {
					continue
				}
				reached[n] = []string{shortName(funcs[n])}
				queue = append(queue, n)
			}
		}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, ed := range funcs[n].edges {
				if ed.kind == goEdge || ed.to == nil {
					continue
				}
				if _, isDecl := ed.to.(*ast.FuncDecl); exposed && isDecl && ed.kind == refEdge {
					// A function value taken by an exposed function (a handler.MapFunc
					// registered in SetupWithManager(ctx)) runs later, from elsewhere,
					// without that ctx: it is not exposed through it.
					continue
				}
				if _, seen := reached[ed.to]; seen {
					continue
				}
				reached[ed.to] = append(slices.Clip(reached[n]), shortName(funcs[ed.to]))
				queue = append(queue, ed.to)
			}
		}
	}
	nodes := func(points []entry.Point) []ast.Node {
		var out []ast.Node
		for _, e := range points {
			out = append(out, e.Node)
		}
		return out
	}
	bfs(nodes(recs.Points()), res.reached, false)
	var admission, conversion []ast.Node
	for _, e := range hooks.Entries() {
		if e.Role.Kind() == entry.Conversion {
			conversion = append(conversion, e.Node)
		} else {
			admission = append(admission, e.Node)
		}
	}
	bfs(admission, res.hooked, false)
	converted := map[ast.Node][]string{}
	bfs(conversion, converted, false)
	for n, c := range converted {
		if _, ok := res.hooked[n]; !ok {
			res.hooked[n], res.converts[n] = c, true
		}
	}
	if own && pass.Pkg.Name() != "main" {
		var roots []ast.Node
		for _, n := range order {
			if fi := funcs[n]; fi.obj != nil && exposedRoot(pass, fi.obj) {
				roots = append(roots, n)
			}
		}
		bfs(roots, res.exposed, true)
	}
	// Event callbacks: the registered function values, and the methods with a
	// callback's signature (predicates, event handlers, informer handlers).
	seenCb := map[ast.Node]bool{}
	addCb := func(cb *Callback) {
		if cb.Node != nil && funcs[cb.Node] != nil && !seenCb[cb.Node] {
			seenCb[cb.Node] = true
			res.callbacks = append(res.callbacks, cb)
		}
	}
	for _, c := range cbExprs {
		var node ast.Node
		switch x := c.x.(type) {
		case *ast.FuncLit:
			node = x
		case *ast.Ident, *ast.SelectorExpr:
			id, _ := x.(*ast.Ident)
			if sel, ok := x.(*ast.SelectorExpr); ok {
				id = sel.Sel
			}
			if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok && fn.Pkg() == pass.Pkg {
				node = declOf[fn.Origin()]
			}
		}
		label := c.label
		if fd, ok := node.(*ast.FuncDecl); ok && c.kind != k8sapi.InformerCallback {
			label = shortName(funcs[fd])
		}
		addCb(&Callback{Kind: c.kind, Node: node, Label: label, Desc: c.desc})
	}
	for _, n := range order {
		fi := funcs[n]
		if fi.obj == nil || strings.HasSuffix(pass.Fset.Position(fi.obj.Pos()).Filename, "_test.go") {
			continue
		}
		if kind, ok := k8sapi.CallbackMethod(fi.obj); ok {
			label := qualifiedName(pass.Pkg, fi)
			label = label[strings.Index(label, ".")+1:]
			what := map[k8sapi.CallbackKind]string{
				k8sapi.PredicateCallback: "a predicate method",
				k8sapi.HandlerCallback:   "an event handler method",
				k8sapi.MapCallback:       "a map function (handler.Mapper)",
				k8sapi.InformerCallback:  "an informer event handler method",
			}[kind]
			addCb(&Callback{Kind: kind, Node: n, Label: label, Desc: label + ", " + what})
		}
	}
	sort.SliceStable(res.callbacks, func(i, j int) bool { return res.callbacks[i].Node.Pos() < res.callbacks[j].Node.Pos() })
	{
		var queue []ast.Node
		for _, cb := range res.callbacks {
			res.evented[cb.Node] = eventPath{chain: []string{cb.Label}, cb: cb}
			queue = append(queue, cb.Node)
		}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			p := res.evented[n]
			for _, ed := range funcs[n].edges {
				if ed.kind == goEdge || ed.to == nil {
					continue
				}
				if _, seen := res.evented[ed.to]; seen {
					continue
				}
				first := p.first
				if first == nil {
					first = ed.at
				}
				res.evented[ed.to] = eventPath{chain: append(slices.Clip(p.chain), shortName(funcs[ed.to])), cb: p.cb, first: first}
				queue = append(queue, ed.to)
			}
		}
	}
	// Effect chains per function node, with qualified names.
	qual := func(n ast.Node) string { return qualifiedName(pass.Pkg, funcs[n]) }
	best := map[Effect]map[ast.Node][]string{}
	for _, e := range effects {
		best[e] = map[ast.Node][]string{}
	}
	better := func(a, b []string) bool { // is a better than b?
		if b == nil {
			return true
		}
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return slices.Compare(a, b) < 0
	}
	stops := map[Effect]map[ast.Node]bool{}
	stopsAt := func(e Effect, n ast.Node) bool {
		b := barriers[e]
		if b == nil {
			return false
		}
		if stops[e] == nil {
			stops[e] = map[ast.Node]bool{}
		}
		v, ok := stops[e][n]
		if !ok {
			v = funcs[n] != nil && b(pass, funcs[n].cur)
			stops[e][n] = v
		}
		return v
	}
	offer := func(e Effect, n ast.Node, chain []string) bool {
		if stopsAt(e, n) {
			return false
		}
		if better(chain, best[e][n]) {
			best[e][n] = chain
			return true
		}
		return false
	}
	// Guarded calls (see Detector.Guard), computed when asked.
	guardedCall := map[Effect]map[ast.Node]bool{}
	guarded := func(e Effect, ed edge) bool {
		g := guards[e]
		call, ok := ed.at.(*ast.CallExpr)
		if g == nil || ed.kind != callEdge || !ok {
			return false
		}
		if guardedCall[e] == nil {
			guardedCall[e] = map[ast.Node]bool{}
		}
		v, seen := guardedCall[e][call]
		if !seen {
			v = g(pass, ed.cur, call)
			guardedCall[e][call] = v
		}
		return v
	}
	// Incoming edges of each function of this package, for onlyGuarded.
	callers := map[ast.Node][]struct {
		from ast.Node
		ed   edge
	}{}
	for _, n := range order {
		for _, ed := range funcs[n].edges {
			if ed.to != nil {
				callers[ed.to] = append(callers[ed.to], struct {
					from ast.Node
					ed   edge
				}{n, ed})
			}
		}
	}
	// onlyGuarded reports whether n, which other packages cannot call, is called only
	// under guards of e or by such functions (a cycle counts as guarded).
	memo := map[Effect]map[ast.Node]bool{}
	var onlyGuarded func(e Effect, n ast.Node, visiting map[ast.Node]bool) bool
	onlyGuarded = func(e Effect, n ast.Node, visiting map[ast.Node]bool) bool {
		if v, ok := memo[e][n]; ok {
			return v
		}
		if visiting[n] {
			return true
		}
		fi := funcs[n]
		if fi == nil || (fi.obj != nil && fi.obj.Exported()) || len(callers[n]) == 0 {
			return false
		}
		if _, entry := res.reached[n]; entry && len(res.reached[n]) == 1 {
			return false
		}
		if _, entry := res.hooked[n]; entry && len(res.hooked[n]) == 1 {
			return false
		}
		visiting[n] = true
		v := true
		for _, in := range callers[n] {
			if in.ed.kind == goEdge {
				continue
			}
			if !guarded(e, in.ed) && !onlyGuarded(e, in.from, visiting) {
				v = false
				break
			}
		}
		delete(visiting, n)
		if memo[e] == nil {
			memo[e] = map[ast.Node]bool{}
		}
		memo[e][n] = v
		return v
	}
	// A wait inside a retry loop is part of the retry: the retry loop is the one finding
	// (returning the error removes both), so the wait is not a site of Blocking, and a
	// call inside the loop of a function that blocks gives no Blocking either.
	retrySpans := map[ast.Node][]ast.Node{}
	for _, s := range direct {
		if s.Effect == RetryLoop {
			retrySpans[s.Func] = append(retrySpans[s.Func], s.Span)
		}
	}
	inRetry := func(fn, n ast.Node) bool {
		for _, sp := range retrySpans[fn] {
			if sp.Pos() <= n.Pos() && n.End() <= sp.End() {
				return true
			}
		}
		return false
	}
	kept := direct[:0:0]
	for _, s := range direct {
		if s.Effect == Blocking && inRetry(s.Func, s.Node) {
			continue
		}
		if guards[s.Effect] != nil && onlyGuarded(s.Effect, s.Func, map[ast.Node]bool{}) {
			continue
		}
		kept = append(kept, s)
	}
	direct = kept
	for _, s := range direct {
		if _, ok := res.exposed[s.Func]; ok && barriers[s.Effect] != nil {
			continue // reported in this package, where the ctx of an exposed function can reach it
		}
		offer(s.Effect, s.Func, []string{qual(s.Func), s.Desc})
	}
	for fn, pos := range dirs.BlockingFuncs() {
		_ = pos
		if n := declOf[fn]; n != nil {
			offer(Blocking, n, []string{qual(n), "//reconcilelint:blocking"})
		}
	}
	// Calls of functions of other packages with effects, and of annotated functions.
	var callSites []Site
	for _, n := range order {
		for _, ed := range funcs[n].edges {
			if ed.kind == goEdge {
				continue
			}
			if ed.ext != nil {
				var sum Summary
				if !pass.ImportObjectFact(ed.ext, &sum) {
					continue
				}
				for _, ec := range sum.Effects {
					if ec.Effect == Blocking && inRetry(n, ed.at) {
						continue
					}
					if slices.Contains(effects, ec.Effect) && !guarded(ec.Effect, ed) {
						offer(ec.Effect, n, append([]string{qual(n)}, ec.Chain...))
						callSites = append(callSites, Site{Effect: ec.Effect, Node: ed.at, Func: n, Desc: ec.Chain[0], Via: ec.Chain})
					}
				}
			} else if ed.kind == callEdge && !inRetry(n, ed.at) {
				if fi := funcs[ed.to]; fi != nil && fi.obj != nil && dirs.Blocking(fi.obj) {
					callSites = append(callSites, Site{Effect: Blocking, Node: ed.at, Func: n, Desc: qual(ed.to),
						Via: []string{qual(ed.to), "//reconcilelint:blocking"}})
				}
			}
		}
	}
	// Propagate along synchronous edges to a fixed point (shortest chains).
	for changed := true; changed; {
		changed = false
		for _, n := range order {
			for _, ed := range funcs[n].edges {
				if ed.kind == goEdge || ed.to == nil {
					continue
				}
				for _, e := range effects {
					if c := best[e][ed.to]; c != nil && !guarded(e, ed) {
						if offer(e, n, append([]string{qual(n)}, c...)) {
							changed = true
						}
					}
				}
			}
		}
	}
	if own {
		for _, n := range order {
			fi := funcs[n]
			if fi.obj == nil || !exportable(fi.obj) {
				continue
			}
			var sum Summary
			for _, e := range effects {
				if c := best[e][n]; c != nil {
					sum.Effects = append(sum.Effects, EffectChain{Effect: e, Chain: c})
				}
			}
			if len(sum.Effects) > 0 {
				pass.ExportObjectFact(fi.obj, &sum)
			}
		}
	}

	for _, n := range order {
		_, rec := res.reached[n]
		_, hook := res.hooked[n]
		if rec {
			res.funcs = append(res.funcs, n)
		}
		if rec || hook {
			res.all = append(res.all, n)
		}
		if _, ev := res.evented[n]; ev {
			res.evFuncs = append(res.evFuncs, n)
		}
	}
	res.best = best
	res.sites = append(direct, callSites...)
	sort.SliceStable(res.sites, func(i, j int) bool { return res.sites[i].Node.Pos() < res.sites[j].Node.Pos() })
	return res, nil
}

// funcSig returns the signature of a function node, or nil.
func funcSig(info *types.Info, fn ast.Node) *types.Signature {
	var t types.Type
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj := info.Defs[fn.Name]; obj != nil {
			t = obj.Type()
		}
	case *ast.FuncLit:
		t = info.TypeOf(fn)
	}
	sig, _ := t.(*types.Signature)
	return sig
}

// enclosingFunc returns the innermost function declaration or literal around cur, or nil.
func enclosingFunc(cur inspector.Cursor) ast.Node {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return c.Node()
	}
	return nil
}

// isCallee reports whether the identifier at cur names the function of a call.
func isCallee(cur inspector.Cursor) bool {
	parent := cur.Parent()
	id := cur.Node()
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok && sel.Sel == id {
		id = sel
		parent = parent.Parent()
	}
	for {
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			id = p
			parent = parent.Parent()
			continue
		case *ast.IndexExpr: // generic instantiation f[T](...)
			if p.X == id {
				id = p
				parent = parent.Parent()
				continue
			}
		case *ast.IndexListExpr:
			if p.X == id {
				id = p
				parent = parent.Parent()
				continue
			}
		case *ast.CallExpr:
			return p.Fun == id
		}
		return false
	}
}

// exposedRoot reports whether fn is a root of Exposed: exportable, outside test files,
// with a context.Context parameter, and not a Runnable's Start(ctx) error.
func exposedRoot(pass *analysis.Pass, fn *types.Func) bool {
	if !exportable(fn) || strings.HasSuffix(pass.Fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() != nil && fn.Name() == "Start" && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		k8sapi.IsContext(sig.Params().At(0).Type()) && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	if strings.HasPrefix(fn.Name(), "Setup") && strings.HasSuffix(fn.Name(), "WithManager") {
		// SetupWithManager(ctx, mgr), a method or a function (cluster-api's
		// clustercache.SetupWithManager): set-up code, whose ctx is the process's; what it
		// starts with a context of its own lifetime (cluster-api's cluster cache:
		// context.WithCancelCause(context.Background())) is deliberate. setupctx
		// judges set-up code.
		return false
	}
	for v := range sig.Params().Variables() {
		if k8sapi.IsContext(v.Type()) {
			return true
		}
	}
	return false
}

// exportable reports whether a fact on fn can be seen by other packages.
func exportable(fn *types.Func) bool {
	return fn.Exported() || fn.Signature().Recv() != nil
}

func shortName(fi *fnInfo) string {
	if fi.obj == nil {
		return "func literal"
	}
	return fi.obj.Name()
}

func qualifiedName(pkg *types.Package, fi *fnInfo) string {
	if fi == nil || fi.obj == nil {
		return "func literal"
	}
	fn := fi.obj
	if recv := fn.Signature().Recv(); recv != nil {
		if n := k8sapi.Named(recv.Type()); n != nil {
			return pkg.Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return pkg.Name() + "." + fn.Name()
}
