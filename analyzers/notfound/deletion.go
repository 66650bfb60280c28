package notfound

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

const deleteMsg = "the NotFound error of %s in the deletion path is returned%s: when the object is already gone (deleted by someone else, or by an earlier attempt whose later step failed) every retry fails the same way and the owner stays Terminating with growing backoff; ignore NotFound (client.IgnoreNotFound(err))%s"

// maxDeletionDepth bounds the functions followed from a deletion branch.
const maxDeletionDepth = 3

// deletionPath collects the deletion ranges of the package's functions and the
// functions of the package called from them (transitively, up to maxDeletionDepth): a
// function called only while the object is being deleted runs in the deletion path as a
// whole. chains names, for each such function, the function whose deletion branch calls
// it, then the callees.
type deletionPath struct {
	ranges map[*ast.FuncDecl][][2]token.Pos
	whole  map[*types.Func][]string
}

func findDeletionPath(pass *analysis.Pass) *deletionPath {
	info := pass.TypesInfo
	dp := &deletionPath{ranges: map[*ast.FuncDecl][][2]token.Pos{}, whole: map[*types.Func][]string{}}
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				decls[fn] = fd
			}
			if r := k8sapi.DeletionRanges(fd.Body); len(r) > 0 {
				dp.ranges[fd] = r
			}
		}
	}
	calleesIn := func(n ast.Node, in func(token.Pos) bool) []*types.Func {
		var out []*types.Func
		ast.Inspect(n, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false
			}
			if c, ok := m.(*ast.CallExpr); ok && in(c.Pos()) {
				if fn, ok := k8sapi.Callee(info, c).(*types.Func); ok && decls[fn] != nil {
					out = append(out, fn)
				}
			}
			return true
		})
		return out
	}
	type item struct {
		fn    *types.Func
		chain []string
	}
	var work []item
	for fd, rs := range dp.ranges {
		name := fd.Name.Name
		for _, fn := range calleesIn(fd.Body, func(p token.Pos) bool { return inRanges(rs, p) }) {
			work = append(work, item{fn, []string{name, fn.Name()}})
		}
	}
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		if _, done := dp.whole[it.fn]; done || len(it.chain) > maxDeletionDepth+1 {
			continue
		}
		dp.whole[it.fn] = it.chain
		for _, fn := range calleesIn(decls[it.fn].Body, func(token.Pos) bool { return true }) {
			work = append(work, item{fn, append(append([]string{}, it.chain...), fn.Name())})
		}
	}
	return dp
}

func inRanges(rs [][2]token.Pos, p token.Pos) bool {
	for _, r := range rs {
		if r[0] <= p && p < r[1] {
			return true
		}
	}
	return false
}

// checkDeletes reports (a): a Delete in the deletion path whose error, NotFound
// included, is returned by its function; and a call, in the deletion path, of a
// function of another package whose summary says it returns a Delete's error unfiltered.
func checkDeletes(pass *analysis.Pass, rep *analyzerutil.Reporter, s *recssa.Result, flow *valueflow.Result) {
	dp := findDeletionPath(pass)
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fnObj, _ := info.Defs[fd.Name].(*types.Func)
			chain, whole := dp.whole[fnObj]
			rs := dp.ranges[fd]
			if !whole && len(rs) == 0 {
				continue
			}
			fn := s.Func(fd)
			if fn == nil {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok {
						continue
					}
					ce := s.CallExpr(call)
					if ce == nil || rep.Skip(ce.Pos()) || !(whole || inRanges(rs, ce.Pos())) {
						continue
					}
					what, via := "", ""
					if op, ok := k8sapi.ClientCall(pass.Pkg, info, ce); ok && op.Iface == "Writer" && op.Method == "Delete" {
						what = types.ExprString(ce.Fun)
					} else if callee, ok := k8sapi.Callee(info, ce).(*types.Func); ok && callee.Pkg() != pass.Pkg {
						for _, src := range flow.ErrSources(callee) {
							if src.Write && src.Method == "Delete" && !src.NotFound {
								what = "the Delete at " + src.Pos
								via = " by " + strings.Join(src.Chain, " → ")
								break
							}
						}
					}
					if what == "" || !returnsUnfiltered(fn, call) || len(ce.Args) >= 2 && what == types.ExprString(ce.Fun) && reconciledObject(pass, fd.Body, ce.Args[1], ce.Pos()) {
						continue
					}
					path := ""
					if whole {
						path = " (deletion path: " + strings.Join(chain, " → ") + ")"
					}
					rep.Reportf(ce, deleteMsg, what, via, path)
				}
			}
		}
	}
}

// returnsUnfiltered reports whether the error of call reaches a return of fn as its
// last result, possibly non-nil, not through client.IgnoreNotFound and not on either
// side of an IsNotFound test of it.
func returnsUnfiltered(fn *ssa.Function, call *ssa.Call) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !k8sapi.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	errv := lastResult(call)
	if errv == nil || testedNotFound(fn, errv) {
		return false
	}
	for _, ret := range recssa.Returns(fn) {
		if len(ret.Results) == 0 {
			continue
		}
		v := ret.Results[len(ret.Results)-1]
		if recssa.Reachable(call.Block(), ret.Block()) &&
			recssa.Derives(v, errv, func(c *ssa.Call) bool { return ignores(c) }) &&
			recssa.MayBeNonNil(v, ret.Block()) && !checked(fn, errv, ret.Block()) {
			return true
		}
	}
	return false
}

// testedNotFound reports whether fn gives an error derived from errv to
// apierrors.IsNotFound or client.IgnoreNotFound anywhere (cluster-api collects the
// errors of `err != nil && !apierrors.IsNotFound(err)` into a slice that it returns
// later: the return is not dominated by the test, but NotFound never reaches it).
func testedNotFound(fn *ssa.Function, errv ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) != 1 {
				continue
			}
			if _, isNF := isNotFoundCall(c); (isNF || ignores(c)) && recssa.Derives(c.Call.Args[0], errv, nil) {
				return true
			}
		}
	}
	return false
}

// reconciledObject reports whether obj, the object a Delete deletes, was filled by a Get
// of body whose key comes from the reconcile request: when it is already gone, the next
// reconcile's Get returns NotFound and the key is forgotten (cluster-api's
// ClusterResourceSetBinding deletes itself while its Cluster is being deleted).
func reconciledObject(pass *analysis.Pass, body *ast.BlockStmt, obj ast.Expr, pos token.Pos) bool {
	r, ok := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result).ReadAt(pass, body, obj, pos)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || c.Pos() != r.Pos || found {
			return !found
		}
		for _, a := range c.Args {
			ast.Inspect(a, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if t := pass.TypesInfo.TypeOf(id); t != nil && strings.HasSuffix(types.TypeString(types.Unalias(t), nil), "/pkg/reconcile.Request") {
						found = true
					}
				}
				return !found
			})
		}
		return !found
	})
	return found
}
