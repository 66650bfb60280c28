package queuedone

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/queuefacts"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Error
)

// Analyzer is the queuedone rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

func run(pass *analysis.Pass, c Config) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	q := pass.ResultOf[queuefacts.Analyzer].(*queuefacts.Result)
	if !q.Active {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		op, queue := queuefacts.QueueOp(pass.TypesInfo, call)
		if op != queuefacts.OpGet && op != queuefacts.OpGetWithPriority {
			continue
		}
		if rep.Skip(as.Pos()) {
			continue
		}
		// The innermost enclosing function.
		var fn ast.Node
		for e := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			fn = e.Node()
			break
		}
		if fn == nil {
			continue
		}
		check(pass, rep, q, c, fn, as, call, queue)
	}
	return rep.Outcome(), nil
}

func varOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

func check(pass *analysis.Pass, rep *analyzerutil.Reporter, q *queuefacts.Result, c Config, fn ast.Node, as *ast.AssignStmt, get *ast.CallExpr, queue ast.Expr) {
	info := pass.TypesInfo
	item := varOf(info, as.Lhs[0])
	if item == nil {
		return
	}
	var shutdown *types.Var
	if len(as.Lhs) > 1 {
		shutdown = varOf(info, as.Lhs[len(as.Lhs)-1])
	}
	body := k8sapi.FuncBody(fn)
	g := q.CFG(fn)
	if g == nil || body == nil {
		return
	}
	b, i := find(g, as)
	if b == nil {
		return
	}
	al := q.Aliases(body, item)
	if q.Returned(body, al) {
		return // a wrapper of Get: the caller takes the item over
	}
	qname := types.ExprString(queue)
	getName := qname + "." + types.ExprString(get.Fun.(*ast.SelectorExpr).Sel)

	// Done calls on the same queue given a value that is not the item.
	wrong := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		op, recv := queuefacts.QueueOp(info, call)
		if op != queuefacts.OpDone || types.ExprString(recv) != qname || len(call.Args) != 1 {
			return true
		}
		if !q.IsAlias(al, call.Args[0]) {
			wrong[call] = true
			rep.Reportf(call.Args[0], "%s.Done is given %s, not the item %s from %s: the item stays in processing and is never handed out again",
				qname, types.ExprString(call.Args[0]), item.Name(), getName)
		}
		return true
	})
	also := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok && wrong[call] {
				found = true
			}
			return !found
		})
		return found
	}

	reportExits := func(exits []queuefacts.Exit, body *ast.BlockStmt, what, consequence string, chain []string) {
		via := analyzerutil.Chain(chain)
		seen := map[any]bool{}
		for _, e := range exits {
			switch {
			case e.Return != nil && e.Return.Pos() != body.Rbrace:
				if seen[e.Return] {
					continue
				}
				seen[e.Return] = true
				rep.Reportf(e.Return, "return without %s(%s) after %s (line %d): %s%s",
					what, item.Name(), getName, pass.Fset.Position(get.Pos()).Line, consequence, via)
			case e.Loop:
				if seen["loop"] {
					continue
				}
				seen["loop"] = true
				rep.Reportf(get, "the loop takes the next item from %s without %s(%s) on some path: %s%s",
					getName, what, item.Name(), consequence, via)
			default:
				if seen["end"] {
					continue
				}
				seen["end"] = true
				rep.Reportf(get, "%s from %s reaches the end of the function without %s(%s): %s%s",
					item.Name(), getName, what, item.Name(), consequence, via)
			}
		}
	}

	exits := q.Uncovered(b, i+1, as, shutdown, al, queuefacts.KindDone, also)
	exits, at := inLiteral(q, body, al, exits, queuefacts.KindDone)
	reportExits(exits, at, qname+".Done",
		"the item stays in processing, later adds of it are absorbed and it is never handed out again", nil)

	if c.IgnoreForget || !q.Mentions(body, al, queuefacts.KindRateLimited) {
		return
	}
	checkForgetBeforeAdd(pass, rep, g, b, i, as, body, al, q, qname, item)
	exits = q.Uncovered(b, i+1, as, shutdown, al, queuefacts.KindSettle, nil)
	var chain []string
	if partial := q.Partial(body, al); len(partial) > 0 {
		// The path that misses Forget runs through a helper that requeues on some paths
		// only: name it.
		chain = []string{funcName(fn), partial[0].Name()}
	}
	exits, at = inLiteral(q, body, al, exits, queuefacts.KindSettle)
	reportExits(exits, at, qname+".Forget",
		"the item is neither forgotten nor requeued, so its failure count is never reset and its next failure backs off longer", chain)
}

// inLiteral moves the exits of body that miss an operation of kind into the function
// literal that handles the item, when there is one: the classic
// `err := func(obj any) error { defer queue.Done(obj); ... }(obj)` of client-go
// controllers, called in place, that does the operation on some paths. The paths of the
// literal that miss it are the lines to change, not the returns after it. It returns
// the exits to report and the body they are in.
func inLiteral(q *queuefacts.Result, body *ast.BlockStmt, al queuefacts.Aliases, exits []queuefacts.Exit, kind queuefacts.Kind) ([]queuefacts.Exit, *ast.BlockStmt) {
	if len(exits) == 0 {
		return exits, body
	}
	lit, inner := handlingLiteral(q, body, al, kind)
	if lit == nil {
		return exits, body
	}
	if g := q.CFG(lit); g != nil && len(g.Blocks) > 0 {
		if in := q.Uncovered(g.Blocks[0], 0, nil, nil, inner, kind, nil); len(in) > 0 {
			// The returns before the literal are paths of their own: they stay.
			for _, e := range exits {
				if e.Return != nil && e.Return.End() <= lit.Pos() {
					in = append(in, e)
				}
			}
			return in, lit.Body
		}
	}
	return exits, body
}

// handlingLiteral returns the function literal of body, called where it is written
// (not in another literal), that receives the item (as an argument or captured) and
// does an operation of kind on it on some path, with the aliases of the item inside it.
func handlingLiteral(q *queuefacts.Result, body *ast.BlockStmt, al queuefacts.Aliases, kind queuefacts.Kind) (*ast.FuncLit, queuefacts.Aliases) {
	var lit *ast.FuncLit
	var inner queuefacts.Aliases
	ast.Inspect(body, func(n ast.Node) bool {
		if lit != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fl, ok := ast.Unparen(n.Fun).(*ast.FuncLit)
			if !ok {
				return true
			}
			roots := q.Params(fl, n, al)
			if in := q.Aliases(fl.Body, roots...); q.Mentions(fl.Body, in, kind) {
				lit, inner = fl, in
			}
			return false
		}
		return true
	})
	return lit, inner
}

func funcName(fn ast.Node) string {
	if fd, ok := fn.(*ast.FuncDecl); ok {
		return fd.Name.Name
	}
	return "func literal"
}

// find returns the block of g holding node n, and n's index in it.
func find(g *cfg.CFG, n ast.Node) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		for i, x := range b.Nodes {
			if x == n {
				return b, i
			}
		}
	}
	return nil, 0
}
