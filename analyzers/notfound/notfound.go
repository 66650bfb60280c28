package notfound

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the notfound rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "notfound",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reconcilers.Analyzer, recssa.Analyzer, directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const msg = "the NotFound error of the Get of the reconciled object is returned: after the object is deleted its key is retried with backoff (up to 1000s) forever; return client.IgnoreNotFound(err)"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return rep.Outcome(), nil
	}
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	checkDeletes(pass, rep, s, flow)
	for _, e := range recs.Entries() {
		if e.Kind == reconcilers.Object || e.Req == nil || rep.Skip(e.Node.Pos()) {
			continue
		}
		fn := s.Func(e.Node)
		if fn == nil {
			continue
		}
		var req *ssa.Parameter
		for _, p := range fn.Params {
			if p.Object() == e.Req {
				req = p
			}
		}
		if req == nil {
			continue
		}
		reported := map[*ssa.Return]bool{}
		// When the entry point reads the reconciled object itself, a helper's Get with
		// the request's key reads another object of the same name (a Secret or
		// ConfigMap the object depends on), whose NotFound is a wait, not a deletion.
		direct := false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && primaryGet(pass, s, call, req) {
					direct = true
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				helper := ""
				if !primaryGet(pass, s, call, req) {
					if direct {
						continue
					}
					if helper = helperGet(pass, s, flow, call, req); helper == "" {
						continue
					}
				}
				errv := lastResult(call)
				if errv == nil {
					continue
				}
				for _, ret := range recssa.Returns(fn) {
					if reported[ret] || len(ret.Results) == 0 {
						continue
					}
					v := ret.Results[len(ret.Results)-1]
					if !recssa.Reachable(call.Block(), ret.Block()) ||
						!recssa.Derives(v, errv, func(c *ssa.Call) bool { return ignores(c) }) ||
						!recssa.MayBeNonNil(v, ret.Block()) || checked(fn, errv, ret.Block()) {
						continue
					}
					reported[ret] = true
					report(pass, rep, e.Node, ret, helper)
				}
			}
		}
	}
	return rep.Outcome(), nil
}

const helperMsg = "the NotFound error of the Get of the reconciled object in %s is returned unchanged: after the object is deleted its key is retried with backoff (up to 1000s) forever; return client.IgnoreNotFound(err)"

// helperGet returns, when call is a call of a function (of this package or another)
// that returns, unfiltered, the error of a Get whose key is built from one of its
// parameters, and the argument given for it comes from the request, the chain and the
// position of that Get: "r.fetch (Get at fetch.go:12)"; "" otherwise.
func helperGet(pass *analysis.Pass, s *recssa.Result, flow *valueflow.Result, call *ssa.Call, req *ssa.Parameter) string {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return ""
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return ""
	}
	args := call.Call.Args
	if obj.Signature().Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	for _, src := range flow.ErrSources(obj) {
		if src.Write || src.NotFound || src.KeyParam < 0 || src.KeyParam >= len(args) {
			continue
		}
		if fromReq(args[src.KeyParam], req, map[ssa.Value]bool{}) {
			return strings.Join(src.Chain, " → ") + " (Get at " + src.Pos + ")"
		}
	}
	return ""
}

// lastResult returns the value of the last result of call: the call itself, or the
// extraction of its last result from the tuple (nil when it is not used).
func lastResult(call *ssa.Call) ssa.Value {
	t, ok := call.Type().(*types.Tuple)
	if !ok {
		return call
	}
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == t.Len()-1 {
				return ex
			}
		}
	}
	return nil
}

// primaryGet reports whether call is a client Get whose key derives from the request.
func primaryGet(pass *analysis.Pass, s *recssa.Result, call *ssa.Call, req *ssa.Parameter) bool {
	ce := s.CallExpr(call)
	if ce == nil {
		return false
	}
	op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, ce)
	if !ok || op.Iface != "Reader" || op.Method != "Get" {
		return false
	}
	args := call.Call.Args
	if !call.Call.IsInvoke() && call.Call.Signature().Recv() != nil {
		args = args[1:]
	}
	if len(args) < 3 {
		return false
	}
	return fromReq(args[1], req, map[ssa.Value]bool{})
}

// fromReq reports whether v is computed from the request parameter without a call.
func fromReq(v ssa.Value, req *ssa.Parameter, seen map[ssa.Value]bool) bool {
	if v == req {
		return true
	}
	if v == nil || seen[v] || len(seen) > 200 {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Call, *ssa.Global, *ssa.Const, *ssa.Function:
		return false
	case *ssa.Alloc:
		// A key literal: what matters is where its Name comes from.
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == v && fromReq(r.Val, req, seen) {
					return true
				}
			case *ssa.FieldAddr:
				if fieldName(r.X.Type(), r.Field) != "Name" || r.Referrers() == nil {
					continue
				}
				for _, st := range *r.Referrers() {
					if st, ok := st.(*ssa.Store); ok && st.Addr == r && fromReq(st.Val, req, seen) {
						return true
					}
				}
			}
		}
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && fromReq(*op, req, seen) {
			return true
		}
	}
	return false
}

// ignores reports whether c hides a NotFound: client.IgnoreNotFound.
func ignores(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Object() != nil && k8sapi.IsObj(fn.Object(), k8sapi.ClientPkg, "IgnoreNotFound")
}

// isNotFoundCall reports whether v is a call of apierrors.IsNotFound (or
// client.IgnoreNotFound compared with nil is handled by ignores).
func isNotFoundCall(v ssa.Value) (*ssa.Call, bool) {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Object() == nil {
		return nil, false
	}
	return c, k8sapi.IsObj(fn.Object(), k8sapi.APIErrorsPkg, "IsNotFound")
}

// checked reports whether block at lies on either side of a branch on
// IsNotFound(err), or on client.IgnoreNotFound(err) compared with nil, for an error
// derived from the call's error.
func checked(fn *ssa.Function, get ssa.Value, at *ssa.BasicBlock) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond := ifi.Cond
		for {
			u, ok := cond.(*ssa.UnOp)
			if !ok || u.Op != token.NOT {
				break
			}
			cond = u.X
		}
		if bo, isBin := cond.(*ssa.BinOp); isBin && (bo.Op == token.EQL || bo.Op == token.NEQ) {
			// client.IgnoreNotFound(err) != nil: a test of NotFound too.
			for _, x := range []ssa.Value{bo.X, bo.Y} {
				if ic, isCall := x.(*ssa.Call); isCall && ignores(ic) {
					cond = ic
				}
			}
		}
		c, ok := isNotFoundCall(cond)
		if ic, isCall := cond.(*ssa.Call); isCall && ignores(ic) {
			c, ok = ic, true
		}
		if !ok || len(c.Call.Args) != 1 || !recssa.Derives(c.Call.Args[0], get, nil) {
			continue
		}
		for _, succ := range b.Succs {
			if len(succ.Preds) == 1 && succ.Dominates(at) {
				return true
			}
		}
	}
	return false
}

func report(pass *analysis.Pass, rep *analyzerutil.Reporter, fnNode ast.Node, ret *ssa.Return, helper string) {
	msg := msg
	if helper != "" {
		msg = fmt.Sprintf(helperMsg, helper)
	}
	var stmt *ast.ReturnStmt
	ast.Inspect(fnNode, func(n ast.Node) bool {
		if stmt != nil {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && r.Pos() == ret.Pos() {
			stmt = r
		}
		return true
	})
	if stmt == nil || len(stmt.Results) == 0 {
		rep.Report(analysis.Diagnostic{Pos: ret.Pos(), Message: msg})
		return
	}
	errExpr := stmt.Results[len(stmt.Results)-1]
	d := analysis.Diagnostic{Pos: errExpr.Pos(), End: errExpr.End(), Message: msg}
	if id, ok := ast.Unparen(errExpr).(*ast.Ident); ok {
		if _, isVar := pass.TypesInfo.Uses[id].(*types.Var); isVar {
			if name := clientName(pass, stmt.Pos()); name != "" {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message: "Wrap the error with client.IgnoreNotFound",
					TextEdits: []analysis.TextEdit{{Pos: errExpr.Pos(), End: errExpr.End(),
						NewText: []byte(name + ".IgnoreNotFound(" + id.Name + ")")}},
				}}
			}
		}
	}
	rep.Report(d)
}

// clientName returns the name under which the file containing pos imports the client
// package, when that name is not shadowed at pos; "" otherwise.
func clientName(pass *analysis.Pass, pos token.Pos) string {
	for _, f := range pass.Files {
		if f.FileStart > pos || pos >= f.FileEnd {
			continue
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != k8sapi.ClientPkg {
				continue
			}
			name := "client"
			if imp.Name != nil {
				name = imp.Name.Name
			}
			if name == "_" || name == "." {
				return ""
			}
			scope := pass.TypesInfo.Scopes[f]
			if inner := scope.Innermost(pos); inner != nil {
				if _, obj := inner.LookupParent(name, pos); obj != nil {
					if _, ok := obj.(*types.PkgName); !ok {
						return ""
					}
				}
			}
			return name
		}
	}
	return ""
}

// fieldName returns the name of field i of the struct that ptr points to.
func fieldName(ptr types.Type, i int) string {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}
