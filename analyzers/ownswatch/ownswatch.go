package ownswatch

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/wiring"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = false // 2 false of 4 findings on nine operators (a dead builder beside controller.New): docs/precision.md, consolidation round
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the ownswatch rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "ownswatch",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, reach.Analyzer, wiring.Analyzer},
}.Analyzer(run)

const (
	plainMsg = "%s sets an owner reference that is not the controller reference on the %s, but the controller watches %s with Owns without builder.MatchEveryOwner, which maps only controller references: changes and deletion of the child never requeue the owner; use SetControllerReference, or Owns(&%s{}, builder.MatchEveryOwner)%s"
	ctrlMsg  = "%s makes the reconciled object the controller of the %s, but the controller neither Owns nor Watches %s: drift or deletion of the child goes unnoticed until the owner changes or the informer resyncs (10 hours by default); add Owns(&%s{}) to the controller%s"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	wr := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	if len(r.Funcs()) == 0 || len(wr.Controllers) == 0 {
		return rep.Outcome(), nil
	}
	handed := handOvers(pass)
	for _, fn := range r.Funcs() {
		if rep.Skip(fn.Pos()) {
			continue
		}
		var calls []*ast.CallExpr
		k8sapi.InspectBody(fn, func(n ast.Node) {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) >= 2 && (isPlain(pass, call) || isController(pass, call)) {
				calls = append(calls, call)
			}
		})
		if len(calls) == 0 {
			continue
		}
		cs, known := wr.Reaching(fn)
		if !known {
			continue
		}
		chain, _ := r.Reached(fn)
		for _, call := range calls {
			if isController(pass, call) && handed[[2]string{kindOf(pass, call.Args[0]), kindOf(pass, call.Args[1])}] {
				continue
			}
			check(pass, rep, call, cs, chain)
		}
	}
	return rep.Outcome(), nil
}

// handOvers returns the (owner kind, child kind) pairs of the package's calls of
// controllerutil.RemoveControllerReference and RemoveOwnerReference. A controller
// reference that the package removes again is a hand-over: the owner holds the child
// for garbage collection until another object takes it over (kueue's PodTemplates,
// owned by the Workload until its ProvisioningRequest exists), and a watch of the
// child from the first owner would follow nothing it manages.
func handOvers(pass *analysis.Pass) map[[2]string]bool {
	m := map[[2]string]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			if k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "RemoveControllerReference") ||
				k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "RemoveOwnerReference") {
				if owner, child := kindOf(pass, call.Args[0]), kindOf(pass, call.Args[1]); owner != "" && child != "" {
					m[[2]string{owner, child}] = true
				}
			}
			return true
		})
	}
	return m
}

func isPlain(pass *analysis.Pass, call *ast.CallExpr) bool {
	return k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "SetOwnerReference")
}

func isController(pass *analysis.Pass, call *ast.CallExpr) bool {
	return k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "SetControllerReference") ||
		k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.CtrlRoot, "SetControllerReference")
}

// check reports call when every controller in cs makes the mistake.
func check(pass *analysis.Pass, rep *analyzerutil.Reporter, call *ast.CallExpr, cs []*wiring.Controller, chain []string) {
	child := kindOf(pass, call.Args[1])
	owner := kindOf(pass, call.Args[0])
	if child == "" {
		return
	}
	plain := isPlain(pass, call)
	for _, c := range cs {
		if f := c.ForKind(); f == "" || owner != "" && owner != f {
			return // the owner is not what this controller reconciles
		}
		watched, all := c.Watched(child)
		if plain {
			if !onlyControllerOwner(c, child) {
				return
			}
			continue
		}
		if watched || !all {
			return
		}
	}
	name := analyzerutil.ShortKind(child)
	format := ctrlMsg
	if plain {
		format = plainMsg
	}
	rep.Report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf(format, types.ExprString(call.Fun), name, name, name, analyzerutil.Chain(chain)),
	})
}

// onlyControllerOwner reports whether c watches kind only through Owns without
// MatchEveryOwner (or an EnqueueRequestForOwner with OnlyControllerOwner).
func onlyControllerOwner(c *wiring.Controller, kind string) bool {
	if len(c.Opaque) > 0 {
		return false
	}
	owns := false
	for _, w := range c.Watches {
		if !w.Kind.Known() {
			return false
		}
		if w.Kind.Type != kind {
			continue
		}
		if w.Handler != wiring.HandlerOwner {
			return false
		}
		owns = true
	}
	return owns
}

// kindOf is "path.Name" of the concrete type of the object expression e, "" for an
// interface or unstructured object.
func kindOf(pass *analysis.Pass, e ast.Expr) string {
	t := pass.TypesInfo.TypeOf(e)
	if t == nil || types.IsInterface(t) {
		return ""
	}
	n := k8sapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	k := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	if k == "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured" || k == "k8s.io/apimachinery/pkg/apis/meta/v1.PartialObjectMetadata" {
		return ""
	}
	return k
}
