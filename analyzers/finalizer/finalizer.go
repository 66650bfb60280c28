package finalizer

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the finalizer rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.ControllerutilPkg, "OperationResult") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
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
		if len(changes) == 0 {
			continue
		}
		var chain []string
		if c, ok := rr.Reached(cur.Node()); ok {
			chain = c
		}
		checkPatches(pass, rep, body, changes, patches, chain)
		if len(removes) > 0 {
			checkRemoves(pass, rep, cur, body, removes, chain)
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

// discarded is a call whose error is dropped: site is the statement from which the
// control flow continues with the error dropped.
type discarded struct {
	call *ast.CallExpr
	site ast.Node
}

// checkRemoves reports (a): RemoveFinalizer after a dropped cleanup error.
func checkRemoves(pass *analysis.Pass, rep *analyzerutil.Reporter, fnCur inspector.Cursor, body *ast.BlockStmt, removes []*ast.CallExpr, chain []string) {
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
		var drops []discarded
		inspectOwn(region, func(n ast.Node) {
			if n.Pos() >= rm.Pos() {
				return
			}
			switch s := n.(type) {
			case *ast.ExprStmt:
				if c, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && cleanup(pass, c) {
					drops = append(drops, discarded{c, s})
				}
			case *ast.AssignStmt:
				if len(s.Rhs) == 1 {
					if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && cleanup(pass, c) {
						if id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident); ok && id.Name == "_" {
							drops = append(drops, discarded{c, s})
						}
					}
				}
			case *ast.IfStmt:
				if c := loggedOnly(pass, s, region); c != nil && cleanup(pass, c) {
					var site ast.Node = s.Cond
					if len(s.Body.List) > 0 {
						site = s.Body.List[len(s.Body.List)-1]
					}
					drops = append(drops, discarded{c, site})
				}
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
				rep.Reportf(rm, "the finalizer is removed although the error of %s was discarded: if the cleanup failed, the object is deleted and what it owns outside the cluster leaks: return the error so that the cleanup is retried%s",
					types.ExprString(d.call.Fun), analyzerutil.Chain(chain))
				break
			}
		}
	}
}

// cleanup reports whether c returns an error as its last result, takes a
// context.Context, and is not a status write or a read.
func cleanup(pass *analysis.Pass, c *ast.CallExpr) bool {
	sig, ok := pass.TypesInfo.TypeOf(c.Fun).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !k8sapi.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	hasCtx := false
	for _, a := range c.Args {
		if t := pass.TypesInfo.TypeOf(a); t != nil && k8sapi.IsContext(t) {
			hasCtx = true
		}
	}
	if !hasCtx {
		return false
	}
	if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, c); ok && (op.Iface == "SubResourceWriter" || !op.IsWrite()) {
		return false
	}
	return true
}

// loggedOnly returns the call whose error s tests with err != nil when the branch does
// not leave (it does not end in return, panic, break, continue or goto) and does not
// keep the error (no assignment): the error is only logged. The call is the if's init
// (if err := f(ctx); err != nil) or the assignment of err just before s in region.
func loggedOnly(pass *analysis.Pass, s *ast.IfStmt, region *ast.BlockStmt) *ast.CallExpr {
	be, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return nil
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	if !ok || !k8sapi.IsError(pass.TypesInfo.TypeOf(id)) {
		return nil
	}
	if nid, ok := ast.Unparen(be.Y).(*ast.Ident); !ok || nid.Name != "nil" {
		return nil
	}
	if s.Else != nil {
		return nil
	}
	if n := len(s.Body.List); n > 0 {
		switch last := s.Body.List[n-1].(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return nil
		case *ast.ExprStmt:
			if c, ok := last.X.(*ast.CallExpr); ok {
				if fid, ok := c.Fun.(*ast.Ident); ok && fid.Name == "panic" {
					return nil
				}
			}
		}
	}
	kept := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.BranchStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt:
			kept = true
		}
		return !kept
	})
	if kept {
		return nil
	}
	errVar := pass.TypesInfo.ObjectOf(id)
	callOf := func(st ast.Stmt) *ast.CallExpr {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return nil
		}
		c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return nil
		}
		if lid, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && pass.TypesInfo.ObjectOf(lid) == errVar {
			return c
		}
		return nil
	}
	if s.Init != nil {
		return callOf(s.Init)
	}
	// The statement before s in its block.
	var prev ast.Stmt
	ast.Inspect(region, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for i, st := range b.List {
				if st == s && i > 0 {
					prev = b.List[i-1]
				}
			}
		}
		return prev == nil
	})
	if prev == nil {
		return nil
	}
	return callOf(prev)
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
