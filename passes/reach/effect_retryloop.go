package reach

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// RetryLoop: the function has a loop that re-runs a failing call: the loop's back edge
// is reachable from the branch taken when the call's error is non-nil (`if err != nil {
// continue }`, `for err != nil { err = f() }`, `if apierrors.IsConflict(err) { continue
// }`, with or without a counter of attempts). The site is the failing call, its
// description the call's expression ("r.Update"). Loops over items are not retry loops:
// range over a slice, map, channel or iterator; an index compared with len or used to
// index; a loop whose header variable flows into the failing call's arguments (or into
// a closure given to it, as to a retry helper); a counted
// loop that goes on after a success; error branches that collect the error; loops that
// receive from channels.
//
// The test runs on the control-flow graph of the function (golang.org/x/tools/go/cfg),
// built only for functions that have a loop of a retry shape: "is the loop head
// reachable from the error branch" is a graph search in which break, continue, labels,
// goto and return are already edges.
const RetryLoop Effect = "retry loop"

func init() {
	register(Detector{Effect: RetryLoop, Func: func(pass *analysis.Pass, fn inspector.Cursor) []Site {
		var body *ast.BlockStmt
		switch n := fn.Node().(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			body = n.Body
		}
		if body == nil {
			return nil
		}
		var loops []ast.Stmt
		shaped := false
		for c := range fn.Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			if enclosingFunc(c) == fn.Node() {
				loops = append(loops, c.Node().(ast.Stmt))
				shaped = shaped || retryShaped(pass.TypesInfo, c.Node().(ast.Stmt))
			}
		}
		if !shaped {
			return nil // no graph for functions without a loop that may retry
		}
		var sites []Site
		for _, l := range retryLoops(pass.TypesInfo, body, loops) {
			sites = append(sites, Site{Effect: RetryLoop, Node: l.call, Func: fn.Node(), Desc: callName(pass.TypesInfo, l.call), Span: l.loop})
		}
		return sites
	}})
}

// retry is a call that a loop re-runs after it fails.
type retry struct {
	call *ast.CallExpr
	loop ast.Stmt
}

// retryLoops returns the calls of body (not of nested function literals) that a loop
// re-runs after they fail; loops are the loops of body, outside function literals.
func retryLoops(info *types.Info, body *ast.BlockStmt, loops []ast.Stmt) []retry {
	g := cfg.New(body, mayReturn(info))
	var out []retry
	seen := map[*ast.CallExpr]bool{}
	for _, loop := range loops {
		if !retryShaped(info, loop) {
			continue
		}
		// The target of the back edge: the loop's condition block, or its body when a
		// for statement has no condition.
		var head, bodyBlock, done *cfg.Block
		for _, b := range g.Blocks {
			if b.Stmt != loop {
				continue
			}
			switch b.Kind {
			case cfg.KindForLoop, cfg.KindRangeLoop:
				head = b
			case cfg.KindForBody:
				bodyBlock = b
			case cfg.KindForDone, cfg.KindRangeDone:
				done = b
			}
		}
		if head == nil {
			head = bodyBlock
		}
		if head == nil {
			continue
		}
		inLoop := func(b *cfg.Block) bool {
			return b != done && b.Stmt != nil && b.Stmt.Pos() >= loop.Pos() && b.Stmt.Pos() < loop.End()
		}
		for _, b := range g.Blocks {
			if !b.Live || !inLoop(b) || len(b.Nodes) == 0 || len(b.Succs) != 2 || innermostLoop(loops, b.Nodes[len(b.Nodes)-1].Pos()) != loop {
				continue
			}
			test, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
			if !ok {
				continue
			}
			errVar, whenTrue := errorTest(info, test)
			if errVar == nil {
				continue
			}
			at := test.Pos()
			if b == head && b.Kind == cfg.KindForLoop { // for err != nil { ...; err = f() }
				at = loop.End()
			}
			call := failingCall(info, loop, errVar, at)
			if call == nil || seen[call] || collects(info, body, test, errVar) || usesLoopVar(info, loop, call) {
				continue
			}
			branch, other := b.Succs[1], b.Succs[0]
			if whenTrue {
				branch, other = b.Succs[0], b.Succs[1]
			}
			if b != head && counted(loop) && reaches(other, head, inLoop) {
				continue // a counted loop that goes on after a success: one item per turn
			}
			if reaches(branch, head, inLoop) {
				seen[call] = true
				out = append(out, retry{call, loop})
			}
		}
	}
	return out
}

// counted reports whether loop runs a number of turns fixed by its header: a
// three-clause for statement or a range over an integer.
func counted(loop ast.Stmt) bool {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Init != nil && l.Cond != nil && l.Post != nil
	case *ast.RangeStmt:
		return l.X != nil
	}
	return false
}

// mayReturn treats panic, os.Exit and log/klog Fatal calls as not returning.
func mayReturn(info *types.Info) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
				return false
			}
		}
		obj := k8sapi.Callee(info, call)
		if obj == nil || obj.Pkg() == nil {
			return true
		}
		switch obj.Pkg().Path() {
		case "os":
			return obj.Name() != "Exit"
		case "log", "k8s.io/klog/v2", "k8s.io/klog":
			return !strings.HasPrefix(obj.Name(), "Fatal") && !strings.HasPrefix(obj.Name(), "Panic") && !strings.HasPrefix(obj.Name(), "Exit")
		}
		return true
	}
}

// retryShaped reports whether loop may run the same call again: `for {}`, `for cond {}`,
// counted loops and `for range n` over an integer. Loops over the items of a collection
// (range over a slice, map, channel or iterator; an index compared with len or used to
// index) and loops that receive from channels handle a different item per iteration.
func retryShaped(info *types.Info, loop ast.Stmt) bool {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if l.X == nil {
			return false
		}
		t := info.TypeOf(l.X)
		if t == nil {
			return false
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			return false
		}
		// for i := range n { item := items[i] ... }
		if id, ok := l.Key.(*ast.Ident); ok && indexes(info, l.Body, info.ObjectOf(id)) {
			return false
		}
		body = l.Body
	case *ast.ForStmt:
		if l.Cond != nil && mentionsLen(info, l.Cond) {
			return false
		}
		if as, ok := l.Init.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && indexes(info, l.Body, info.ObjectOf(id)) {
					return false
				}
			}
		}
		body = l.Body
	}
	receives := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			receives = true
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				receives = true
			}
		}
		return !receives
	})
	return !receives
}

func mentionsLen(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "len" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// indexes reports whether v is used as an index in body.
func indexes(info *types.Info, body *ast.BlockStmt, v types.Object) bool {
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			if id, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// innermostLoop returns the innermost loop of loops that contains pos.
func innermostLoop(loops []ast.Stmt, pos token.Pos) ast.Stmt {
	var best ast.Stmt
	for _, l := range loops {
		if l.Pos() <= pos && pos < l.End() && (best == nil || l.Pos() >= best.Pos()) {
			best = l
		}
	}
	return best
}

// errorTest recognises a test of an error variable: err != nil (true when it failed),
// err == nil (false when it failed), a predicate such as apierrors.IsConflict(err) or
// errors.Is(err, x) (true only when it failed), or the negation of one.
func errorTest(info *types.Info, e ast.Expr) (v *types.Var, whenTrue bool) {
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			if c, ok := ast.Unparen(e.X).(*ast.CallExpr); ok {
				if v := errPredicate(info, c); v != nil {
					return v, false
				}
			}
		}
	case *ast.CallExpr:
		if v := errPredicate(info, e); v != nil {
			return v, true
		}
	case *ast.BinaryExpr:
		if e.Op != token.NEQ && e.Op != token.EQL {
			return nil, false
		}
		x, y := e.X, e.Y
		if isNil(info, x) {
			x, y = y, x
		}
		if !isNil(info, y) {
			return nil, false
		}
		if v := errVar(info, x); v != nil {
			return v, e.Op == token.NEQ
		}
	}
	return nil, false
}

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = info.Uses[id].(*types.Nil)
	return ok
}

// errVar returns the local variable of type error that e names.
func errVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || !k8sapi.IsError(v.Type()) || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// errPredicate recognises apierrors.IsXxx(err), errors.Is(err, ...) and errors.As(err,
// ...): each is true only for a non-nil err.
func errPredicate(info *types.Info, c *ast.CallExpr) *types.Var {
	obj := k8sapi.Callee(info, c)
	if obj == nil || obj.Pkg() == nil || len(c.Args) == 0 {
		return nil
	}
	switch path := obj.Pkg().Path(); {
	case path == k8sapi.APIErrorsPkg && strings.HasPrefix(obj.Name(), "Is"),
		path == "errors" && (obj.Name() == "Is" || obj.Name() == "As"):
		return errVar(info, c.Args[0])
	}
	return nil
}

// failingCall returns the call whose error v holds at pos: the last assignment of v from
// a call inside loop before pos (not in a function literal, not in the loop's header).
func failingCall(info *types.Info, loop ast.Stmt, v *types.Var, pos token.Pos) *ast.CallExpr {
	var parts []ast.Node
	switch l := loop.(type) {
	case *ast.ForStmt:
		parts = []ast.Node{l.Body}
		if l.Post != nil {
			parts = append(parts, l.Post)
		}
	case *ast.RangeStmt:
		parts = []ast.Node{l.Body}
	}
	var best *ast.CallExpr
	for _, part := range parts {
		ast.Inspect(part, func(n ast.Node) bool {
			if n == nil || n.Pos() >= pos {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					id, ok := lhs.(*ast.Ident)
					if !ok || info.ObjectOf(id) != v {
						continue
					}
					var rhs ast.Expr
					if len(n.Rhs) == len(n.Lhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					if c, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && !isConversion(info, c) {
						best = c
					} else {
						best = nil // err = someValue: not a call's error
					}
				}
			}
			return true
		})
	}
	return best
}

func isConversion(info *types.Info, c *ast.CallExpr) bool {
	tv, ok := info.Types[c.Fun]
	return ok && tv.IsType()
}

// collects reports whether the if statement that tests v at test appends the error to
// a list (or joins it), as loops that gather per-item errors do.
func collects(info *types.Info, body *ast.BlockStmt, test ast.Expr, v *types.Var) bool {
	var ifs *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || ifs != nil || test.Pos() < n.Pos() || test.End() > n.End() {
			return false
		}
		if s, ok := n.(*ast.IfStmt); ok && s.Cond.Pos() <= test.Pos() && test.End() <= s.Cond.End() {
			ifs = s
		}
		return true
	})
	if ifs == nil {
		return false
	}
	found := false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		isAppend := ok && id.Name == "append"
		if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
			isAppend = false
		}
		if isAppend || k8sapi.IsFuncCall(info, c, "errors", "Join") {
			for _, a := range c.Args {
				ast.Inspect(a, func(m ast.Node) bool {
					if mid, ok := m.(*ast.Ident); ok && info.ObjectOf(mid) == v {
						found = true
					}
					return !found
				})
			}
		}
		return !found
	})
	return found
}

// reaches reports whether head is reachable from b through blocks for which in holds.
func reaches(b, head *cfg.Block, in func(*cfg.Block) bool) bool {
	seen := map[*cfg.Block]bool{}
	stack := []*cfg.Block{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == head {
			return true
		}
		if seen[x] || !in(x) {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}

// callName describes a call for a message: its function expression ("r.Update",
// "r.Status().Update", "ping"), or the callee's name when that is long.
func callName(info *types.Info, c *ast.CallExpr) string {
	if s := types.ExprString(c.Fun); len(s) <= 48 {
		return s
	}
	if obj := k8sapi.Callee(info, c); obj != nil {
		return obj.Name()
	}
	return "the call"
}

// usesLoopVar reports whether an argument of call mentions a variable declared by the
// loop's header (for i := ...; range key and value): each iteration then calls it for
// another item, it does not retry.
func usesLoopVar(info *types.Info, loop ast.Stmt, call *ast.CallExpr) bool {
	vars := map[types.Object]bool{}
	switch l := loop.(type) {
	case *ast.ForStmt:
		if as, ok := l.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					vars[info.ObjectOf(id)] = true
				}
			}
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{l.Key, l.Value} {
			if id, ok := e.(*ast.Ident); ok {
				vars[info.ObjectOf(id)] = true
			}
		}
	}
	if len(vars) == 0 {
		return false
	}
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	flowFromLoopVars(info, body, call.Pos(), vars)
	for _, a := range call.Args {
		if !k8sapi.IsContext(info.TypeOf(a)) && mentions(info, a, vars) {
			return true
		}
		// A closure given to the call (a retry helper: retry.Do(func() error { return
		// check(pod) })) that uses the item: the helper retries, the loop moves on.
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok && capturesItem(info, lit, vars) {
			return true
		}
	}
	return false
}

// capturesItem reports whether the function literal uses one of vars other than as a
// context (a per-attempt timeout derived from the counter does not make an item).
func capturesItem(info *types.Info, lit *ast.FuncLit, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && k8sapi.IsContext(info.TypeOf(e)) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && vars[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// flowFromLoopVars adds to vars the local variables that the loop body, before pos,
// assigns from a value that mentions one of vars: `pod := build(obj, i)`,
// `name := fmt.Sprintf("%s-%d", base, i)`, a field of a local (`pod.Name = name` taints
// pod) and a pointer argument of a call that also takes one (`fill(&pod, i)`). The
// object of each iteration then differs: the loop handles items, it does not retry.
func flowFromLoopVars(info *types.Info, body *ast.BlockStmt, pos token.Pos, vars map[types.Object]bool) {
	taint := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
				continue
			case *ast.IndexExpr:
				e = x.X
				continue
			case *ast.StarExpr:
				e = x.X
				continue
			case *ast.UnaryExpr:
				if x.Op == token.AND {
					e = x.X
					continue
				}
			case *ast.Ident:
				if v, ok := info.ObjectOf(x).(*types.Var); ok && !v.IsField() && !vars[v] {
					vars[v] = true
					return true
				}
			}
			return false
		}
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil || n.Pos() >= pos {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					var rhs ast.Expr
					if len(n.Rhs) == len(n.Lhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					if rhs != nil && mentions(info, rhs, vars) && taint(lhs) {
						changed = true
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) && mentions(info, n.Values[i], vars) && taint(name) {
						changed = true
					}
				}
			case *ast.CallExpr:
				tainted := false
				for _, a := range n.Args {
					if mentions(info, a, vars) {
						tainted = true
					}
				}
				if tainted {
					for _, a := range n.Args {
						if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && taint(u) {
							changed = true
						}
					}
				}
			}
			return true
		})
	}
}

// mentions reports whether e mentions one of vars, outside function literals.
func mentions(info *types.Info, e ast.Expr, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && vars[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}
