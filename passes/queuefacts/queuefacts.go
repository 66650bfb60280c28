// Package queuefacts recognises work-queue operations (client-go work queues and
// controller-runtime's priority queue) and summarises, per function and per parameter,
// what a function does with a work-queue item it receives: whether it calls Done on it
// on every path that returns normally, whether it forgets or requeues it on every such
// path, and whether it may requeue it rate-limited. The summaries are exported as Params
// facts, so that a consumer that hands the item to a helper in another package is
// understood.
//
// The pass works on syntax and types only: the control-flow graphs are built with
// golang.org/x/tools/go/cfg from the AST, lazily and only for the functions that touch a
// queue, with calls that never return (panic, os.Exit, log.Fatal, klog.Fatal and
// klog.Exit, runtime.Goexit, and functions of the package that always end in one of
// them) cutting their path. The ctrlflow pass is not used: its facts make it run on
// every dependency, and the standalone driver loads dependencies from export data,
// without syntax. It returns at once for a package that imports neither
// k8s.io/client-go/util/workqueue nor the priority queue package, and only analyses
// functions whose bodies call a work-queue method or a function with a fact.
package queuefacts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Analyzer exports Params facts and returns a *Result for the queuedone rule.
var Analyzer = &analysis.Analyzer{
	Name:       "queuefacts",
	Doc:        "recognise work-queue operations and summarise what functions do with a work-queue item they receive",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/queuefacts",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Params)},
}

// Params is the fact exported on a function that handles a work-queue item received as a
// parameter. Indices count the parameters of the signature, without the receiver.
type Params struct {
	Done        []int // Done is called on the parameter on every normal path
	Settle      []int // the parameter is forgotten or requeued on every normal path
	RateLimited []int // the parameter may be requeued rate-limited
}

// AFact implements analysis.Fact.
func (*Params) AFact() {}

func (p *Params) String() string {
	var parts []string
	add := func(name string, idx []int) {
		if len(idx) > 0 {
			parts = append(parts, fmt.Sprintf("%s%v", name, idx))
		}
	}
	add("done", p.Done)
	add("settle", p.Settle)
	add("ratelimited", p.RateLimited)
	return strings.Join(parts, " ")
}

func (p *Params) has(k Kind, i int) bool {
	if p == nil {
		return false
	}
	switch k {
	case KindDone:
		return slices.Contains(p.Done, i)
	case KindSettle:
		return slices.Contains(p.Settle, i)
	case KindRateLimited:
		return slices.Contains(p.RateLimited, i)
	}
	return false
}

// Op is a work-queue operation.
type Op int

// Work-queue operations.
const (
	OpNone Op = iota
	OpGet
	OpGetWithPriority
	OpDone
	OpForget
	OpAdd
	OpAddAfter
	OpAddRateLimited
	OpAddWithOpts
)

// Kind is what a path must do with an item.
type Kind int

// Kinds of obligations.
const (
	KindDone        Kind = iota // call Done
	KindSettle                  // Forget, or requeue (Add, AddAfter, AddRateLimited, AddWithOpts)
	KindRateLimited             // requeue rate-limited (a may-property, not a path obligation)
)

var opNames = map[string]Op{
	"Get": OpGet, "GetWithPriority": OpGetWithPriority, "Done": OpDone, "Forget": OpForget,
	"Add": OpAdd, "AddAfter": OpAddAfter, "AddRateLimited": OpAddRateLimited, "AddWithOpts": OpAddWithOpts,
}

// queueTypes are the named types, by package, whose methods are work-queue operations.
// Generic methods are compared by origin; the deprecated untyped interfaces resolve to
// the typed ones instantiated with any.
var queueTypes = map[string][]string{
	k8sapi.WorkqueuePkg: {"TypedInterface", "TypedDelayingInterface", "TypedRateLimitingInterface",
		"Interface", "DelayingInterface", "RateLimitingInterface", "Typed"},
	k8sapi.PriorityQueuePkg: {"PriorityQueue"},
}

// QueueOp classifies call: the work-queue operation it performs and the queue expression
// (the receiver), or OpNone.
func QueueOp(info *types.Info, call *ast.CallExpr) (Op, ast.Expr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return OpNone, nil
	}
	op, ok := opNames[sel.Sel.Name]
	if !ok {
		return OpNone, nil
	}
	fn, ok := k8sapi.Callee(info, call).(*types.Func)
	if !ok {
		return OpNone, nil
	}
	m, ok := k8sapi.MethodOf(fn)
	if !ok || !slices.Contains(queueTypes[m.Pkg], m.Recv) {
		return OpNone, nil
	}
	return op, sel.X
}

// Items returns the item arguments of a queue operation call.
func Items(op Op, call *ast.CallExpr) []ast.Expr {
	switch op {
	case OpDone, OpForget, OpAdd, OpAddAfter, OpAddRateLimited:
		if len(call.Args) > 0 {
			return call.Args[:1]
		}
	case OpAddWithOpts:
		if len(call.Args) > 1 {
			return call.Args[1:]
		}
	}
	return nil
}

// RateLimitedAdd reports whether call (of operation op) may add rate-limited:
// AddRateLimited, or AddWithOpts whose options are not a literal without RateLimited
// (or with RateLimited: false).
func RateLimitedAdd(info *types.Info, op Op, call *ast.CallExpr) bool {
	switch op {
	case OpAddRateLimited:
		return true
	case OpAddWithOpts:
		if len(call.Args) == 0 {
			return false
		}
		lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
		if !ok {
			return true // options built elsewhere: may be rate-limited
		}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "RateLimited" {
				if tv, ok := info.Types[kv.Value]; ok && tv.Value != nil && tv.Value.String() == "false" {
					return false
				}
				return true
			}
		}
	}
	return false
}

// Result gives the queuedone rule the control-flow graphs and the summaries of the
// package's functions.
type Result struct {
	pass  *analysis.Pass
	cfgs  map[ast.Node]*cfg.CFG
	lits  map[*types.Var]*ast.FuncLit // variables assigned a function literal once
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]*Params
	busy  map[*types.Func]bool
	// Active reports whether the package imports a work-queue package.
	Active bool
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{pass: pass}
	res.Active = k8sapi.ImportsAny(pass.Pkg, func(p string) bool {
		return p == k8sapi.WorkqueuePkg || p == k8sapi.PriorityQueuePkg
	})
	if !res.Active || pass.TypesInfo == nil || len(pass.Files) == 0 {
		res.Active = false
		return res, nil
	}
	res.cfgs = map[ast.Node]*cfg.CFG{}
	res.lits = map[*types.Var]*ast.FuncLit{}
	res.decls = map[*types.Func]*ast.FuncDecl{}
	res.memo = map[*types.Func]*Params{}
	res.busy = map[*types.Func]bool{}
	assigned := map[*types.Var]int{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					res.decls[fn] = fd
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for i, l := range as.Lhs {
					id, ok := l.(*ast.Ident)
					if !ok {
						continue
					}
					v, _ := pass.TypesInfo.ObjectOf(id).(*types.Var)
					if v == nil {
						continue
					}
					assigned[v]++
					if len(as.Rhs) == len(as.Lhs) {
						if lit, ok := as.Rhs[i].(*ast.FuncLit); ok {
							res.lits[v] = lit
						}
					}
				}
			}
			return true
		})
	}
	for v, n := range assigned {
		if n != 1 {
			delete(res.lits, v)
		}
	}
	for fn := range res.decls {
		if p := res.Summary(fn); p != nil {
			pass.ExportObjectFact(fn, p)
		}
	}
	return res, nil
}

// Summary returns what fn does with its parameters: from the fact of an imported
// function, or computed for a function of this package. It returns nil when fn does
// nothing with a work-queue item.
func (r *Result) Summary(fn *types.Func) *Params {
	fn = fn.Origin()
	if fn.Pkg() != r.pass.Pkg {
		p := new(Params)
		if r.pass.ImportObjectFact(fn, p) {
			return p
		}
		return nil
	}
	if p, ok := r.memo[fn]; ok {
		return p
	}
	fd := r.decls[fn]
	if fd == nil || r.busy[fn] || !r.touchesQueue(fd.Body) {
		return nil
	}
	r.busy[fn] = true
	defer delete(r.busy, fn)
	g := r.CFG(fd)
	p := &Params{}
	i := 0
	for _, field := range fd.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil}
		}
		for _, name := range names {
			if name != nil && name.Name != "_" {
				if v, ok := r.pass.TypesInfo.Defs[name].(*types.Var); ok {
					al := r.Aliases(fd.Body, v)
					if r.covers(g, al, KindDone) {
						p.Done = append(p.Done, i)
					}
					if r.covers(g, al, KindSettle) {
						p.Settle = append(p.Settle, i)
					}
					if r.Mentions(fd.Body, al, KindRateLimited) {
						p.RateLimited = append(p.RateLimited, i)
					}
				}
			}
			i++
		}
	}
	if len(p.Done)+len(p.Settle)+len(p.RateLimited) == 0 {
		p = nil
	}
	r.memo[fn] = p
	return p
}

// covers reports whether every normal path from the entry of g meets k for the aliases.
func (r *Result) covers(g *cfg.CFG, al Aliases, k Kind) bool {
	if g == nil || len(g.Blocks) == 0 {
		return false
	}
	return len(r.Uncovered(g.Blocks[0], 0, nil, nil, al, k, nil)) == 0
}

// touchesQueue reports whether body calls a work-queue method or a function with a
// summary; a cheap filter before any path search.
func (r *Result) touchesQueue(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if op, _ := QueueOp(r.pass.TypesInfo, call); op != OpNone {
			found = true
			return false
		}
		if fn := typeutil.StaticCallee(r.pass.TypesInfo, call); fn != nil {
			if fn.Origin().Pkg() != r.pass.Pkg {
				if r.pass.ImportObjectFact(fn.Origin(), new(Params)) {
					found = true
				}
			} else if r.decls[fn.Origin()] != nil && !r.busy[fn.Origin()] {
				found = true // decided precisely by Summary
			}
		}
		return true
	})
	return found
}

// Aliases is a set of variables that hold the same work-queue item.
type Aliases map[*types.Var]bool

// Aliases returns roots and every variable of body assigned from one of them, directly,
// through parentheses or through a type assertion (key := obj.(string)).
func (r *Result) Aliases(body ast.Node, roots ...*types.Var) Aliases {
	al := Aliases{}
	for _, v := range roots {
		al[v] = true
	}
	for changed := true; changed; {
		changed = false
		add := func(lhs ast.Expr, rhs ast.Expr) {
			id, ok := lhs.(*ast.Ident)
			if !ok || !r.IsAlias(al, rhs) {
				return
			}
			if v, ok := r.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && !al[v] {
				al[v] = true
				changed = true
			}
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						add(n.Lhs[i], n.Rhs[i])
					}
				} else if len(n.Rhs) == 1 && len(n.Lhs) == 2 {
					if _, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok {
						add(n.Lhs[0], n.Rhs[0])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						add(n.Names[i], n.Values[i])
					}
				}
			}
			return true
		})
	}
	return al
}

// Returned reports whether body returns one of the aliases as a result: the function
// hands the item to its caller (a wrapper of Get).
func (r *Result) Returned(body ast.Node, al Aliases) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range ret.Results {
				if r.IsAlias(al, e) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// Partial returns the static callees of calls in body that receive an alias for a
// parameter that they may requeue rate-limited but do not settle on every path.
func (r *Result) Partial(body ast.Node, al Aliases) []*types.Func {
	var fns []*types.Func
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := typeutil.StaticCallee(r.pass.TypesInfo, call)
		if fn == nil {
			return true
		}
		p := r.Summary(fn)
		for i, a := range call.Args {
			if p.has(KindRateLimited, i) && !p.has(KindSettle, i) && r.IsAlias(al, a) {
				fns = append(fns, fn)
				break
			}
		}
		return true
	})
	return fns
}

// IsAlias reports whether e is one of the aliases, possibly in parentheses or asserted
// to a type.
func (r *Result) IsAlias(al Aliases, e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.TypeAssertExpr:
			e = x.X
			continue
		case *ast.Ident:
			v, ok := r.pass.TypesInfo.ObjectOf(x).(*types.Var)
			return ok && al[v]
		}
		return false
	}
}

// Exit is a path end that misses the obligation: a return statement, the end of the
// function body, or the Get statement reached again around a loop.
type Exit struct {
	Pos    token.Pos
	Return *ast.ReturnStmt // nil at the end of the body or around a loop
	Loop   bool            // the path reaches the Get again
}

// Uncovered returns the ends of the paths from node index i of block b that meet
// neither k for the aliases nor a panic. A conditional block whose condition is the
// shutdown variable only continues on its false branch. stop is the Get statement: a
// path that reaches it again ends there (the item is replaced). A node for which also
// (if not nil) holds ends the path too.
func (r *Result) Uncovered(b *cfg.Block, i int, stop ast.Node, shutdown *types.Var, al Aliases, k Kind, also func(ast.Node) bool) []Exit {
	var exits []Exit
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block, i int)
	walk = func(b *cfg.Block, i int) {
		for ; i < len(b.Nodes); i++ {
			n := b.Nodes[i]
			if stop != nil && n == stop {
				exits = append(exits, Exit{Pos: stop.Pos(), Loop: true})
				return
			}
			if r.NodeCovers(n, al, k) || also != nil && also(n) {
				return
			}
		}
		if len(b.Succs) == 0 {
			if len(b.Nodes) > 0 {
				last := b.Nodes[len(b.Nodes)-1]
				if r.noReturn(last) {
					return
				}
				if ret, ok := last.(*ast.ReturnStmt); ok {
					exits = append(exits, Exit{Pos: ret.Pos(), Return: ret})
					return
				}
			}
			if b.Kind == cfg.KindUnreachable {
				return
			}
			exits = append(exits, Exit{Pos: token.NoPos})
			return
		}
		succs := b.Succs
		var skipTrue, skipFalse bool
		if len(succs) == 2 && shutdown != nil && len(b.Nodes) > 0 {
			if cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
				skipTrue, skipFalse = r.shutdownBranch(cond, shutdown)
			}
		}
		for j, s := range succs {
			if len(succs) == 2 && (j == 0 && skipTrue || j == 1 && skipFalse) {
				continue
			}
			if !seen[s] {
				seen[s] = true
				walk(s, 0)
			}
		}
	}
	walk(b, i)
	return exits
}

// shutdownBranch tells which branches of a condition may be taken when the queue is
// shutting down: those are not followed. A branch is skipped as soon as the condition
// could hold on it because the shutdown variable is true (quit, quit || x, !ok && x
// on the false side...), which errs towards fewer findings.
func (r *Result) shutdownBranch(cond ast.Expr, shutdown *types.Var) (skipTrue, skipFalse bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.Ident:
		return r.pass.TypesInfo.ObjectOf(c) == shutdown, false
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			t, f := r.shutdownBranch(c.X, shutdown)
			return f, t
		}
	case *ast.BinaryExpr:
		if c.Op == token.LAND || c.Op == token.LOR {
			t1, f1 := r.shutdownBranch(c.X, shutdown)
			t2, f2 := r.shutdownBranch(c.Y, shutdown)
			return t1 || t2, f1 || f2
		}
	}
	return false, false
}

// noReturn reports whether n is a call statement that does not return (panic, os.Exit,
// log.Fatal, or a function the ctrlflow pass knows never returns).
func (r *Result) noReturn(n ast.Node) bool {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	return !r.mayReturn(call)
}

// NodeCovers reports whether the CFG node n meets k for the aliases: a work-queue call
// on an alias, a deferred or go'd one, a call of a function literal or of a function
// whose summary covers the parameter that receives an alias. A function literal that is
// not called where it is written (passed to another function, stored) counts when it
// contains such a call: it may well be run.
func (r *Result) NodeCovers(n ast.Node, al Aliases, k Kind) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			if r.Mentions(x.Body, al, k) {
				found = true
			}
			return false
		case *ast.SendStmt:
			// Handed to another goroutine, which takes over the obligations.
			if k != KindRateLimited && r.IsAlias(al, x.Value) {
				found = true
				return false
			}
		case *ast.AssignStmt:
			// Stored into a field, a map or a slice element: kept for later.
			if k != KindRateLimited && len(x.Lhs) == len(x.Rhs) {
				for i, l := range x.Lhs {
					if _, isIdent := ast.Unparen(l).(*ast.Ident); !isIdent && r.IsAlias(al, x.Rhs[i]) {
						found = true
						return false
					}
				}
			}
		case *ast.CallExpr:
			if r.callCovers(x, al, k) {
				found = true
				return false
			}
			if _, ok := ast.Unparen(x.Fun).(*ast.FuncLit); ok {
				// Inspect the arguments only: the literal was handled by callCovers.
				for _, a := range x.Args {
					if r.NodeCovers(a, al, k) {
						found = true
					}
				}
				return false
			}
		}
		return true
	})
	return found
}

// Params returns the variables that hold the item inside lit, called by call: the
// aliases it captures, and its parameters that receive one.
func (r *Result) Params(lit *ast.FuncLit, call *ast.CallExpr, al Aliases) []*types.Var {
	vars := keys(al)
	params := paramVars(r.pass.TypesInfo, lit.Type)
	for i, a := range call.Args {
		if i < len(params) && params[i] != nil && r.IsAlias(al, a) {
			vars = append(vars, params[i])
		}
	}
	return vars
}

// callCovers reports whether call itself meets k for the aliases.
func (r *Result) callCovers(call *ast.CallExpr, al Aliases, k Kind) bool {
	info := r.pass.TypesInfo
	if op, _ := QueueOp(info, call); op != OpNone {
		if !opMeets(op, k) || (k == KindRateLimited && !RateLimitedAdd(info, op, call)) {
			return false
		}
		for _, a := range Items(op, call) {
			if r.IsAlias(al, a) {
				return true
			}
		}
		return false
	}
	// A function literal called in place, or through a variable assigned it once.
	var lit *ast.FuncLit
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		lit = f
	case *ast.Ident:
		if v, ok := info.Uses[f].(*types.Var); ok {
			lit = r.lits[v]
		}
	}
	if lit != nil {
		inner := r.Aliases(lit.Body, r.Params(lit, call, al)...)
		if k == KindRateLimited {
			return r.Mentions(lit.Body, inner, k)
		}
		return r.covers(r.CFG(lit), inner, k)
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return false
	}
	p := r.Summary(fn)
	if p == nil {
		return false
	}
	for i, a := range call.Args {
		if p.has(k, i) && r.IsAlias(al, a) {
			return true
		}
	}
	return false
}

func opMeets(op Op, k Kind) bool {
	switch k {
	case KindDone:
		return op == OpDone
	case KindSettle:
		return op == OpForget || op == OpAdd || op == OpAddAfter || op == OpAddRateLimited || op == OpAddWithOpts
	case KindRateLimited:
		return op == OpAddRateLimited || op == OpAddWithOpts
	}
	return false
}

// Mentions reports whether body contains, anywhere (function literals included), a call
// that meets k for the aliases.
func (r *Result) Mentions(body ast.Node, al Aliases, k Kind) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if found {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok {
			if r.callCovers(call, al, k) {
				found = true
			}
		}
		return true
	})
	return found
}

// CFG returns the control-flow graph of a function declaration or literal, built once.
func (r *Result) CFG(fn ast.Node) *cfg.CFG {
	if g, ok := r.cfgs[fn]; ok {
		return g
	}
	body := k8sapi.FuncBody(fn)
	var g *cfg.CFG
	if body != nil {
		g = cfg.New(body, r.mayReturn)
	}
	r.cfgs[fn] = g
	return g
}

// noReturnFuncs are the functions of other packages that never return, by package.
var noReturnFuncs = map[string][]string{
	"os":                         {"Exit"},
	"runtime":                    {"Goexit"},
	"log":                        {"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"},
	"k8s.io/klog/v2":             {"Fatal", "Fatalf", "Fatalln", "FatalDepth", "Exit", "Exitf", "Exitln", "ExitDepth"},
	"k8s.io/klog":                {"Fatal", "Fatalf", "Fatalln", "FatalDepth", "Exit", "Exitf", "Exitln", "ExitDepth"},
	"github.com/sirupsen/logrus": {"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"},
}

// mayReturn reports whether call may return: not panic, not one of noReturnFuncs, not a
// function of this package whose body always ends in such a call.
func (r *Result) mayReturn(call *ast.CallExpr) bool {
	switch fn := typeutil.Callee(r.pass.TypesInfo, call).(type) {
	case *types.Builtin:
		return fn.Name() != "panic"
	case *types.Func:
		fn = fn.Origin()
		if fn.Pkg() == nil {
			return true
		}
		if fn.Signature().Recv() == nil && slices.Contains(noReturnFuncs[fn.Pkg().Path()], fn.Name()) {
			return false
		}
		if fd := r.decls[fn]; fd != nil && !r.busy[fn] {
			r.busy[fn] = true
			defer delete(r.busy, fn)
			return !endsInNoReturn(r, fd.Body)
		}
	}
	return true
}

// endsInNoReturn reports whether body has no return statement and its last statement is
// a call that does not return (a helper like fatal(err) that logs and exits).
func endsInNoReturn(r *Result, body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	hasReturn := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ReturnStmt:
			hasReturn = true
		case *ast.FuncLit:
			return false
		}
		return !hasReturn
	})
	if hasReturn {
		return false
	}
	es, ok := body.List[len(body.List)-1].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	return ok && !r.mayReturn(call)
}

func paramVars(info *types.Info, ft *ast.FuncType) []*types.Var {
	var vs []*types.Var
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			vs = append(vs, nil)
			continue
		}
		for _, n := range field.Names {
			v, _ := info.Defs[n].(*types.Var)
			vs = append(vs, v)
		}
	}
	return vs
}

func keys(al Aliases) []*types.Var {
	var vs []*types.Var
	for v := range al {
		vs = append(vs, v)
	}
	return vs
}
