package statusupdate

import (
	_ "embed"
	"go/ast"
	"go/types"
	"sort"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/statusmut"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Error
)

// Analyzer is the statusupdate rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "statusupdate",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, statusmut.Analyzer, subresource.Analyzer, directives.Analyzer},
}.Analyzer(run)

type evKind int

const (
	evMutate evKind = iota // the status of key is changed
	evMain                 // key is written with Update/Patch of the main resource
	evStatus               // key's status is written, or key is given to a function that may write it
	evReset                // the variable is reassigned or the object re-read
)

type event struct {
	kind evKind
	key  string
	node ast.Node // the site: an assignment or a call
	desc string   // evMutate: the changed expression; evMain: the method
	end  int      // evaluation order within a CFG node
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ClientPkg, "Writer") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	sm := pass.ResultOf[statusmut.Analyzer].(*statusmut.Result)
	nss := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var body *ast.BlockStmt
		switch fn := cur.Node().(type) {
		case *ast.FuncDecl:
			body = fn.Body
		case *ast.FuncLit:
			body = fn.Body
		}
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		checkFunc(pass, rep, rr, sm, nss, cur.Node(), body)
	}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		mutateInCreateOrUpdate(pass, rep, sm, nss, cur.Node().(*ast.CallExpr))
	}
	return rep.Outcome(), nil
}

// mutateInCreateOrUpdate reports the first status change of the object inside the
// mutate function literal of controllerutil.CreateOrUpdate: CreateOrUpdate writes the
// result with Update of the main resource, so the change is dropped (CreateOrPatch
// patches the status subresource as well and is not reported).
func mutateInCreateOrUpdate(pass *analysis.Pass, rep *analyzerutil.Reporter, sm *statusmut.Result, nss *subresource.Result, call *ast.CallExpr) {
	info := pass.TypesInfo
	if !k8sapi.IsFuncCall(info, call, k8sapi.ControllerutilPkg, "CreateOrUpdate") && !k8sapi.IsFuncCall(info, call, k8sapi.CtrlRoot, "CreateOrUpdate") {
		return
	}
	if len(call.Args) != 4 || rep.Skip(call.Pos()) {
		return
	}
	lit, ok := ast.Unparen(call.Args[3]).(*ast.FuncLit)
	if !ok || nss.NoStatusSubresource(info.TypeOf(call.Args[2])) {
		return
	}
	objKey, _, ok := k8sapi.RefKey(info, call.Args[2])
	if !ok {
		return
	}
	var site ast.Node
	var desc string
	statusmut.DirectMutations(info, lit.Body, true, func(obj ast.Expr, at ast.Node) {
		if k, _, ok := k8sapi.RefKey(info, obj); ok && k == objKey && (site == nil || at.Pos() < site.Pos()) {
			site, desc = at, types.ExprString(obj)+".Status"
		}
	})
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if ci, ok := sm.Call(c); ok {
			for _, m := range ci.Mutated {
				if k, _, ok := k8sapi.RefKey(info, m); ok && k == objKey && (site == nil || c.Pos() < site.Pos()) {
					site, desc = c, types.ExprString(m)+".Status"
				}
			}
		}
		return true
	})
	if site == nil {
		return
	}
	rep.Reportf(site, "%s is changed inside the mutate function of controllerutil.CreateOrUpdate, which writes with Update: the API server ignores .status there and the change is lost; set the status after it and write it with Status().Update or Status().Patch, or use controllerutil.CreateOrPatch", desc)
}

// events returns the events of one CFG node in evaluation order (by end position: a
// call's arguments end before the call, an assignment's right side before the
// assignment), not looking into function literals.
func events(pass *analysis.Pass, sm *statusmut.Result, nss *subresource.Result, n ast.Node) []event {
	info := pass.TypesInfo
	var evs []event
	key := func(e ast.Expr) (string, bool) {
		k, _, ok := k8sapi.RefKey(info, e)
		return k, ok
	}
	statusmut.DirectMutations(info, n, true, func(obj ast.Expr, site ast.Node) {
		if k, ok := key(obj); ok {
			desc := types.ExprString(obj) + ".Status is changed"
			switch site := site.(type) {
			case *ast.AssignStmt:
				for _, l := range site.Lhs {
					if statusmut.Owner(info, l) == obj {
						desc = types.ExprString(l) + " is set"
					}
				}
			case *ast.CallExpr:
				desc = types.ExprString(site.Fun) + " changes " + types.ExprString(obj) + ".Status"
			}
			evs = append(evs, event{kind: evMutate, key: k, node: site, desc: desc, end: int(site.End())})
		}
	})
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := info.ObjectOf(id).(*types.Var); ok {
						evs = append(evs, event{kind: evReset, key: id.Name + "@" + strconv.Itoa(int(v.Pos())), node: x, end: int(x.End())})
					}
				}
			}
		case *ast.CallExpr:
			end := int(x.End())
			if op, ok := k8sapi.ClientCall(pass.Pkg, info, x); ok {
				if len(x.Args) < 2 {
					return true
				}
				k, ok := key(x.Args[1])
				switch {
				case !ok && op.Method != "Get":
				case op.Iface == "Writer" && (op.Method == "Update" || op.Method == "Patch"):
					if nss.NoStatusSubresource(info.TypeOf(x.Args[1])) {
						break // the markers leave the status subresource off: the write persists status
					}
					evs = append(evs, event{kind: evMain, key: k, node: x, desc: op.Method, end: end})
				case op.Iface == "SubResourceWriter":
					evs = append(evs, event{kind: evStatus, key: k, node: x, end: end})
				case op.Iface == "Reader" && op.Method == "Get" && len(x.Args) >= 3:
					if k, ok := key(x.Args[2]); ok {
						evs = append(evs, event{kind: evReset, key: k, node: x, end: end})
					}
				}
				return true
			}
			if k8sapi.IsFuncCall(info, x, k8sapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") ||
				k8sapi.IsFuncCall(info, x, k8sapi.CtrlRoot, "CreateOrUpdate", "CreateOrPatch") {
				for _, a := range x.Args {
					if k, ok := key(a); ok {
						evs = append(evs, event{kind: evStatus, key: k, node: x, end: end})
					}
				}
				return true
			}
			ci, ok := sm.Call(x)
			if !ok {
				return true
			}
			for _, m := range ci.Mutated {
				if k, ok := key(m); ok {
					evs = append(evs, event{kind: evMutate, key: k, node: x, desc: types.ExprString(x.Fun) + " changes " + types.ExprString(m) + ".Status", end: end})
				}
			}
			if ci.MayWrite {
				args := append([]ast.Expr{}, x.Args...)
				if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
					args = append(args, sel.X)
				}
				for _, a := range args {
					if k, ok := key(a); ok {
						evs = append(evs, event{kind: evStatus, key: k, node: x, end: end + 1})
					}
				}
			}
		}
		return true
	})
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].end < evs[j].end })
	return evs
}

// resetKey reports whether a reset of variable key rk ends the tracking of object key k
// (k is the variable or a field path below it).
func resetKey(rk, k string) bool {
	return k == rk || len(k) > len(rk) && k[:len(rk)] == rk && k[len(rk)] == '.'
}

func checkFunc(pass *analysis.Pass, rep *analyzerutil.Reporter, rr *reach.Result, sm *statusmut.Result, nss *subresource.Result, fn ast.Node, body *ast.BlockStmt) {
	// Cheap exit: no main write in the body.
	hasMain := false
	ast.Inspect(body, func(n ast.Node) bool {
		if hasMain {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok {
			if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, c); ok && op.Iface == "Writer" && (op.Method == "Update" || op.Method == "Patch") {
				hasMain = true
			}
		}
		return true
	})
	if !hasMain {
		return
	}
	// Deferred status writes cover the whole function.
	covered := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if d, ok := n.(*ast.DeferStmt); ok {
			var target ast.Node = d.Call
			if lit, ok := ast.Unparen(d.Call.Fun).(*ast.FuncLit); ok {
				target = lit.Body
			}
			ast.Inspect(target, func(m ast.Node) bool {
				if m != nil {
					for _, e := range events(pass, sm, nss, m) {
						if e.kind == evStatus {
							covered[e.key] = true
						}
					}
				}
				return true
			})
		}
		return true
	})
	g := cfg.New(body, func(call *ast.CallExpr) bool { return true })
	evs := make([][][]event, len(g.Blocks))
	for _, b := range g.Blocks {
		evs[b.Index] = make([][]event, len(b.Nodes))
		for i, n := range b.Nodes {
			evs[b.Index][i] = events(pass, sm, nss, n)
		}
	}
	reported := map[ast.Node]bool{}
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for ni := range b.Nodes {
			for ei, e := range evs[b.Index][ni] {
				if e.kind != evMutate || covered[e.key] {
					continue
				}
				if w := findLoss(g, evs, b, ni, ei+1, e.key); w != nil && !reported[w.node] {
					reported[w.node] = true
					var chain []string
					if c, ok := rr.Reached(fn); ok {
						chain = c
					}
					rep.Reportf(w.node, "%s, then the object is written with %s of the main resource and no status write: the API server ignores status changes there when the status subresource is enabled, so the change is lost: write the status with Status().%s%s",
						e.desc, w.desc, w.desc, analyzerutil.Chain(chain))
				}
			}
		}
	}
}

// findLoss searches, from event ei of node ni of block b, for a path to a write of key
// with a main-resource write that passes no status write of key (and no re-read or
// reassignment). It returns the first such write, or nil.
func findLoss(g *cfg.CFG, evs [][][]event, b *cfg.Block, ni, ei int, key string) *event {
	seen := map[int32]bool{}
	var walk func(b *cfg.Block, ni, ei int) *event
	walk = func(b *cfg.Block, ni, ei int) *event {
		for ; ni < len(b.Nodes); ni, ei = ni+1, 0 {
			for ; ei < len(evs[b.Index][ni]); ei++ {
				e := &evs[b.Index][ni][ei]
				switch e.kind {
				case evStatus:
					if e.key == key {
						return nil
					}
				case evReset:
					if resetKey(e.key, key) {
						return nil
					}
				case evMain:
					if e.key == key {
						return e
					}
				}
			}
		}
		for _, s := range b.Succs {
			if seen[s.Index] {
				continue
			}
			seen[s.Index] = true
			if w := walk(s, 0, 0); w != nil {
				return w
			}
		}
		return nil
	}
	return walk(b, ni, ei)
}
