package finalizer

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the finalizer rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "finalizer",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "ObjectMeta") == nil {
		return rep.Outcome(), nil
	}
	controllerutil := k8sapi.LookupType(pass.Pkg, k8sapi.ControllerutilPkg, "OperationResult") != nil
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var body *ast.BlockStmt
		var decl *ast.FuncDecl
		switch fn := cur.Node().(type) {
		case *ast.FuncDecl:
			body, decl = fn.Body, fn
		case *ast.FuncLit:
			body = fn.Body
		}
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		reachedChain, reached := rr.Reached(cur.Node())
		checkWholesale(pass, rep, decl, body, reached, reachedChain)
		var changes, removes []*ast.CallExpr
		var patches []*ast.CallExpr
		inspectOwn(body, func(n ast.Node) {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return
			}
			if k8sapi.IsFinalizerChange(pass.TypesInfo, c) && len(c.Args) == 2 {
				changes = append(changes, c)
				if k8sapi.IsFuncCall(pass.TypesInfo, c, k8sapi.ControllerutilPkg, "RemoveFinalizer") {
					removes = append(removes, c)
				}
			} else if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, c); ok && op.Iface == "Writer" && op.Method == "Patch" && len(c.Args) >= 3 {
				patches = append(patches, c)
			}
		})
		if len(changes) == 0 || !controllerutil {
			continue
		}
		var chain []string
		if c, ok := rr.Reached(cur.Node()); ok {
			chain = c
		}
		checkPatches(pass, rep, body, changes, patches, chain)
		if len(removes) > 0 {
			checkRemoves(pass, rep, flow, cur, body, removes, chain)
		}
	}
	return rep.Outcome(), nil
}

// inspectOwn calls f on every node of body outside function literals.
func inspectOwn(body ast.Node, f func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		f(n)
		return true
	})
}

// checkPatches reports (b): merge patches without optimistic lock that carry a
// finalizer change.
func checkPatches(pass *analysis.Pass, rep *analyzerutil.Reporter, body *ast.BlockStmt, changes, patches []*ast.CallExpr, chain []string) {
	info := pass.TypesInfo
	for _, call := range patches {
		p, ok := k8sapi.PatchOf(info, body, call.Args[2], call.Pos())
		if !ok || p.OptimisticLock || p.Func == "StrategicMergeFrom" {
			continue
		}
		objKey, _, ok := k8sapi.RefKey(info, call.Args[1])
		if !ok {
			continue
		}
		if bk, _, ok := k8sapi.RefKey(info, p.Base); ok && bk == objKey {
			continue // an empty patch: the mergefrom rule reports it
		}
		snap := snapshot(info, body, p)
		for _, c := range changes {
			if c.Pos() <= snap || c.Pos() >= call.Pos() {
				continue
			}
			if k, _, ok := k8sapi.RefKey(info, c.Args[0]); !ok || k != objKey {
				continue
			}
			name := k8sapi.Callee(info, c).Name()
			rep.Reportf(p.Call, "the %s is written with a JSON merge patch without optimistic lock: the patch replaces the whole finalizers list and drops finalizers that other controllers added since the read: add client.MergeFromWithOptimisticLock{}%s",
				map[string]string{"AddFinalizer": "added finalizer", "RemoveFinalizer": "removed finalizer"}[name], analyzerutil.Chain(chain))
			break
		}
	}
}

// snapshot returns the position at which the base of p was copied: the merge-from call
// itself when its base is computed there (obj.DeepCopy()), the last assignment of a base
// variable before the call, or the start of the function for a parameter.
func snapshot(info *types.Info, body *ast.BlockStmt, p k8sapi.MergeFromPatch) token.Pos {
	id, ok := ast.Unparen(p.Base).(*ast.Ident)
	if !ok {
		return p.Call.Pos()
	}
	v := info.Uses[id]
	pos := body.Pos()
	inspectOwn(body, func(n ast.Node) {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == v && s.Pos() < p.Call.Pos() && s.Pos() > pos {
					pos = s.Pos()
				}
			}
		case *ast.ValueSpec:
			for _, name := range s.Names {
				if info.Defs[name] == v && s.Pos() < p.Call.Pos() && s.Pos() > pos {
					pos = s.Pos()
				}
			}
		}
	})
	return pos
}

// deletionBranch returns the body of the innermost if statement around cur whose
// condition tests the deletion timestamp, or nil.
func deletionBranch(info *types.Info, cur inspector.Cursor) *ast.BlockStmt {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		is, ok := c.Node().(*ast.IfStmt)
		if !ok {
			return nil
		}
		if !(is.Body.Pos() <= cur.Node().Pos() && cur.Node().End() <= is.Body.End()) {
			continue
		}
		if testsDeletion(is.Cond) {
			return is.Body
		}
	}
	return nil
}

func testsDeletion(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "DeletionTimestamp" || sel.Sel.Name == "GetDeletionTimestamp") {
			found = true
		}
		return !found
	})
	return found
}

// drop is a cleanup error dropped before a RemoveFinalizer: site is the statement from
// which the control flow continues with the error dropped (for a helper that swallows
// it, the call of the helper).
type drop struct {
	site ast.Node
	what string
}

// checkRemoves reports (a): RemoveFinalizer after a dropped cleanup error, here or in a
// helper called before it.
func checkRemoves(pass *analysis.Pass, rep *analyzerutil.Reporter, flow *valueflow.Result, fnCur inspector.Cursor, body *ast.BlockStmt, removes []*ast.CallExpr, chain []string) {
	info := pass.TypesInfo
	var g *cfg.CFG
	for _, rm := range removes {
		rmCur, ok := fnCur.FindNode(rm)
		if !ok {
			continue
		}
		region := deletionBranch(info, rmCur)
		if region == nil {
			region = body
		}
		var drops []drop
		for _, d := range valueflow.Discards(pass.Pkg, info, region) {
			if d.Call.Pos() < rm.Pos() {
				drops = append(drops, drop{site: d.Site, what: "the error of " + types.ExprString(d.Call.Fun) + " was discarded"})
			}
		}
		inspectOwn(region, func(n ast.Node) {
			c, ok := n.(*ast.CallExpr)
			if !ok || c.Pos() >= rm.Pos() {
				return
			}
			callee, ok := k8sapi.Callee(info, c).(*types.Func)
			if !ok {
				return
			}
			for _, sw := range flow.Swallows(callee) {
				if len(sw.Chain) > 2 {
					// Deeper than the helper and one it calls, a discarded error is
					// rarely the cleanup the finalizer guards (external-secrets: a
					// client cache closing an old client three calls down).
					continue
				}
				drops = append(drops, drop{site: c, what: types.ExprString(c.Fun) + " discards the error of " + sw.Call + " (" + sw.Pos + ", in " + strings.Join(sw.Chain, " → ") + ")"})
				break
			}
		})
		if len(drops) == 0 {
			continue
		}
		if g == nil {
			g = cfg.New(body, func(*ast.CallExpr) bool { return true })
		}
		for _, d := range drops {
			if reaches(g, d.site, rm) {
				rep.Reportf(rm, "the finalizer is removed although %s: if the cleanup failed, the object is deleted and what it owns outside the cluster leaks: return the error so that the cleanup is retried%s",
					d.what, analyzerutil.Chain(chain))
				break
			}
		}
	}
}

// reaches reports whether control can flow from the CFG node containing from to the
// node containing to.
func reaches(g *cfg.CFG, from, to ast.Node) bool {
	locate := func(n ast.Node) (*cfg.Block, int) {
		for _, b := range g.Blocks {
			for i, m := range b.Nodes {
				if m.Pos() <= n.Pos() && n.End() <= m.End() {
					return b, i
				}
			}
		}
		return nil, 0
	}
	fb, fi := locate(from)
	tb, ti := locate(to)
	if fb == nil || tb == nil || !fb.Live {
		return false
	}
	if fb == tb && fi < ti {
		return true
	}
	seen := map[*cfg.Block]bool{}
	queue := append([]*cfg.Block{}, fb.Succs...)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == tb {
			return true
		}
		queue = append(queue, b.Succs...)
	}
	return false
}
