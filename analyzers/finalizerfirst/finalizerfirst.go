package finalizerfirst

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
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

// Analyzer is the finalizerfirst rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "finalizerfirst",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer},
}.Analyzer(run)

const msg = "%s creates %s after %s at line %d, before the object carrying the finalizer is written and its error checked: if that write fails, or the object is deleted before it, nothing holds the object for the cleanup and what was created leaks; write the finalizer first (Update or Patch, return on error), then create%s"

// effect is a side effect after a finalizer was added: a call that creates something
// outside the cluster, or a Create of another kind.
type effect struct {
	call *ast.CallExpr
	what string // "outside the cluster (s3.Client.CreateBucket)", "a ConfigMap"
	via  []string
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "ObjectMeta") == nil {
		return rep.Outcome(), nil
	}
	rr := pass.ResultOf[reach.Analyzer].(*reach.Result)
	sites := map[ast.Node][]reach.Site{}
	for _, s := range rr.Sites(reach.ExternalCreate) {
		sites[s.Func] = append(sites[s.Func], s)
	}
	decls := map[*types.Func]ast.Node{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for _, fn := range rr.Funcs() {
		body := k8sapi.FuncBody(fn)
		if body == nil || rep.Skip(body.Pos()) {
			continue
		}
		adds := objwrite.FinalizerAdds(pass, body)
		if len(adds) == 0 {
			continue
		}
		chain, _ := rr.Reached(fn)
		effects := effectsOf(pass, rr, decls, body, sites[fn])
		reported := map[*ast.CallExpr]bool{}
		for _, a := range adds {
			for _, e := range effects {
				if reported[e.call] || e.call.Pos() <= a.Node.Pos() || !objwrite.Reaches(body, a.Node, e.call) || otherKind(pass, e, a) || writtenBetween(pass, body, a, e.call) {
					continue
				}
				reported[e.call] = true
				rep.Reportf(e.call, msg, types.ExprString(e.call.Fun), e.what, a.Desc, pass.Fset.Position(a.Node.Pos()).Line,
					analyzerutil.Chain(append(append([]string{}, chain...), e.via...)))
				break
			}
		}
	}
	return rep.Outcome(), nil
}

// effectsOf returns the side effects in body, outside function literals, in source
// order: the sites of reach.ExternalCreate in the function, calls of functions of the
// package with that effect, and client Creates.
func effectsOf(pass *analysis.Pass, rr *reach.Result, decls map[*types.Func]ast.Node, body *ast.BlockStmt, sites []reach.Site) []effect {
	byCall := map[ast.Node]reach.Site{}
	for _, s := range sites {
		byCall[s.Node] = s
	}
	var out []effect
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if s, ok := byCall[n]; ok {
				what := "something outside the cluster"
				if len(s.Via) > 0 {
					what += " (" + s.Via[len(s.Via)-1] + ")"
					out = append(out, effect{n, what, s.Via[:len(s.Via)-1]})
				} else {
					out = append(out, effect{n, what + " (" + s.Desc + ")", nil})
				}
				return true
			}
			if callee, ok := k8sapi.Callee(pass.TypesInfo, n).(*types.Func); ok && decls[callee] != nil {
				if c := rr.EffectChain(decls[callee], reach.ExternalCreate); len(c) > 0 {
					out = append(out, effect{n, "something outside the cluster (" + c[len(c)-1] + ")", c[:len(c)-1]})
					return true
				}
			}
			if op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, n); ok && op.Iface == "Writer" && op.Method == "Create" && len(n.Args) >= 2 {
				if t := k8sapi.Named(pass.TypesInfo.TypeOf(n.Args[1])); t != nil {
					out = append(out, effect{n, article(t.Obj().Name()), nil})
				}
			}
		}
		return true
	})
	return out
}

// otherKind reports whether e is a client Create of an object of the same type as the
// object whose finalizer was added (not another kind: a new object of the kind), or of
// that very object.
func otherKind(pass *analysis.Pass, e effect, a objwrite.FinalizerAdd) bool {
	op, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, e.call)
	if !ok {
		return false
	}
	if op.Method != "Create" {
		return true
	}
	t := k8sapi.Named(pass.TypesInfo.TypeOf(e.call.Args[1]))
	o := k8sapi.Named(a.Obj.Type())
	return t == nil || o == nil || types.Identical(t, o)
}

// writtenBetween reports whether the object of a is written, with the error looked at,
// between a and call.
func writtenBetween(pass *analysis.Pass, body *ast.BlockStmt, a objwrite.FinalizerAdd, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok || c == call || c.Pos() < a.Node.End() || c.End() > call.Pos() {
			return true
		}
		if objwrite.ObjectWrite(pass, c, a.Obj) && objwrite.ErrorChecked(body, c) {
			found = true
		}
		return !found
	})
	return found
}

// article returns "a Name" or "an Name".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
