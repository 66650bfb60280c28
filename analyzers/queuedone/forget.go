package queuedone

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/queuefacts"
)

// checkForgetBeforeAdd reports, in a rate-limited consumer, an AddAfter or Add of the
// item to the queue it came from (or an AddWithOpts that is not rate-limited) that a
// path from the Get reaches without a Forget of the item on that queue, unless the
// call is on an error path (under err != nil). controller-runtime forgets the item
// before it adds it back for a RequeueAfter: the limiter's failure count of the item
// must not survive the success.
func checkForgetBeforeAdd(pass *analysis.Pass, rep *analyzerutil.Reporter, g *cfg.CFG, b *cfg.Block, i int, get ast.Node,
	body *ast.BlockStmt, al queuefacts.Aliases, q *queuefacts.Result, qname string, item *types.Var) {
	info := pass.TypesInfo
	// The adds of the item to this queue, with the path of statements to each.
	adds := map[*ast.CallExpr]queuefacts.Op{}
	var stack []ast.Node
	failure := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		op, recv := queuefacts.QueueOp(info, call)
		if types.ExprString(recv) != qname {
			return true
		}
		switch op {
		case queuefacts.OpAdd, queuefacts.OpAddAfter:
		case queuefacts.OpAddWithOpts:
			if queuefacts.RateLimitedAdd(info, op, call) {
				return true
			}
		default:
			return true
		}
		for _, a := range queuefacts.Items(op, call) {
			if q.IsAlias(al, a) {
				adds[call] = op
				failure[call] = onErrorPath(info, stack)
			}
		}
		return true
	})
	if len(adds) == 0 {
		return
	}
	contains := func(n ast.Node, c *ast.CallExpr) bool {
		return n.Pos() <= c.Pos() && c.End() <= n.End()
	}
	// Walk the paths from the Get; a Forget ends a path, and so does the Get again.
	reached := map[*ast.CallExpr]ast.Node{} // add → the CFG node that holds it
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block, i int)
	walk = func(b *cfg.Block, i int) {
		for ; i < len(b.Nodes); i++ {
			n := b.Nodes[i]
			if n == get {
				return
			}
			// An add in the same node as a Forget counts when it comes first.
			forgetAt := firstForget(info, n, qname, q, al)
			for c := range adds {
				if contains(n, c) && (forgetAt == token.NoPos || c.Pos() < forgetAt) {
					if _, ok := reached[c]; !ok {
						reached[c] = n
					}
				}
			}
			if forgetAt != token.NoPos {
				return
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				walk(s, 0)
			}
		}
	}
	walk(b, i+1)
	for c, op := range adds {
		n, ok := reached[c]
		if !ok || failure[c] || rep.Skip(c.Pos()) {
			continue
		}
		what := "schedules the item's next run"
		if op == queuefacts.OpAdd {
			what = "requeues the item"
		}
		itemExpr := types.ExprString(queuefacts.Items(op, c)[0])
		d := analysis.Diagnostic{
			Pos: c.Pos(), End: c.End(),
			Message: fmt.Sprintf("%s.%s %s without %s.Forget(%s) before it: the rate limiter keeps the item's "+
				"failure count, so its next failure backs off as if the earlier failures had just happened; "+
				"call Forget first, as controller-runtime does for a RequeueAfter",
				qname, c.Fun.(*ast.SelectorExpr).Sel.Name, what, qname, itemExpr),
		}
		if es, ok := n.(*ast.ExprStmt); ok && ast.Unparen(es.X) == c {
			if indent, ok := indentOf(pass, es.Pos()); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message: "call " + qname + ".Forget first",
					TextEdits: []analysis.TextEdit{{
						Pos: es.Pos(), End: es.Pos(),
						NewText: []byte(qname + ".Forget(" + itemExpr + ")\n" + indent),
					}},
				}}
			}
		}
		rep.Report(d)
	}
}

// firstForget returns the position of the first Forget of the item in n.
func firstForget(info *types.Info, n ast.Node, qname string, q *queuefacts.Result, al queuefacts.Aliases) token.Pos {
	at := token.NoPos
	ast.Inspect(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.FuncLit); ok || at != token.NoPos {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok {
			if op, recv := queuefacts.QueueOp(info, call); op == queuefacts.OpForget && types.ExprString(recv) == qname &&
				len(call.Args) == 1 && q.IsAlias(al, call.Args[0]) {
				at = call.Pos()
			}
		}
		return at == token.NoPos
	})
	return at
}

// onErrorPath reports whether the innermost node of stack is on a branch taken only
// when an error is non-nil: the body of an if (or a case) whose condition requires
// err != nil, or the else of one whose condition is err == nil.
func onErrorPath(info *types.Info, stack []ast.Node) bool {
	for j := len(stack) - 2; j >= 0; j-- {
		child := stack[j+1]
		switch s := stack[j].(type) {
		case *ast.IfStmt:
			if child == s.Body && errNonNil(info, s.Cond, true) || child == s.Else && errNonNil(info, s.Cond, false) {
				return true
			}
		case *ast.CaseClause:
			if len(s.List) == 1 && child != s.List[0] && errNonNil(info, s.List[0], true) {
				return true
			}
		}
	}
	return false
}

// errNonNil reports whether cond being want implies that some error is non-nil.
func errNonNil(info *types.Info, cond ast.Expr, want bool) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return errNonNil(info, c.X, !want)
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			return want && (errNonNil(info, c.X, true) || errNonNil(info, c.Y, true))
		case token.LOR:
			return !want && (errNonNil(info, c.X, false) || errNonNil(info, c.Y, false))
		case token.NEQ, token.EQL:
			x, y := c.X, c.Y
			if isNil(info, x) {
				x, y = y, x
			}
			if !isNil(info, y) || !k8sapi.IsError(info.TypeOf(x)) {
				return false
			}
			return (c.Op == token.NEQ) == want
		}
	}
	return false
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// indentOf returns the white space before pos on its line, if only white space is.
func indentOf(pass *analysis.Pass, pos token.Pos) (string, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return "", false // a driver without ReadFile (Bazel's nogo): no fix
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	off := tf.Offset(pos)
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	if off > len(src) || start > off {
		return "", false
	}
	indent := string(src[start:off])
	if strings.TrimLeft(indent, " \t") != "" {
		return "", false
	}
	return indent, true
}
