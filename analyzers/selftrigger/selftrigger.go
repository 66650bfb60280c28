package selftrigger

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/objwrite"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
	"github.com/reconcilelint/reconcilelint/passes/wiring"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the selftrigger rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "selftrigger",
	Doc:      doc,
	Requires: []*analysis.Analyzer{directives.Analyzer, inspect.Analyzer, reach.Analyzer, subresource.Analyzer, valueflow.Analyzer, wiring.Analyzer},
}.Analyzer(run)

const msg = "%s writes the reconciled object with %s, set from %s at line %d, on every pass without comparing old and new: each write is a watch event that reconciles the object again, a hot loop; write only when something changed (compare with equality.Semantic.DeepEqual, or use the bool of meta.SetStatusCondition)%s%s"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	nss := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	if len(r.Funcs()) == 0 {
		return rep.Outcome(), nil
	}
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	wr := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	isObj, ok := objwrite.Reconciled(pass, r, flow)
	if !ok {
		return rep.Outcome(), nil
	}
	writes := objwrite.Writes(pass, flow)
	byCallers := callerGuarded(pass)
	for _, fn := range r.Funcs() {
		// A function without a write of the object has nothing to report: its callers
		// are not looked at.
		if rep.Skip(fn.Pos()) || len(writes[fn]) == 0 || byCallers(fn) {
			continue
		}
		chain, _ := r.Reached(fn)
		drops := func(w objwrite.Write, s store) (bool, string) { return dropped(pass, wr, nss, fn, w, s) }
		checkFunc(pass, rep, nss, fn, chain, writes[fn], drops, isObj)
	}
	return rep.Outcome(), nil
}

// callerGuarded returns whether a function's callers guard it: every call of it is
// guarded in its own function (valueflow.Unguarded: inside an if statement that tests
// more than an error or nil, after one that returns, or in a function that compares
// with a DeepEqual), or stands in a function whose callers guard it in turn. A store
// and write in such a function happen when a caller's condition holds (a serial
// reserved when an instance is missing), not on every pass, as they would under that
// condition in the caller. Only an unexported function that the package uses nowhere
// but in calls is judged so: an exported one may have callers in other packages, and a
// function used as a value may be called from anywhere.
// The call sites and uses are gathered on the first question.
func callerGuarded(pass *analysis.Pass) func(ast.Node) bool {
	var sites map[*types.Func][]objwrite.Site
	var uses map[*types.Func]int
	const (
		unknown = iota
		visiting
		no
		yes
	)
	memo := map[*types.Func]int{}
	var guarded func(f *types.Func) bool
	guarded = func(f *types.Func) bool {
		if f == nil || f.Exported() || len(sites[f]) == 0 || uses[f] != len(sites[f]) {
			return false
		}
		switch memo[f] {
		case visiting, no:
			return false // a cycle of calls guards nothing by itself
		case yes:
			return true
		}
		memo[f] = visiting
		for _, s := range sites[f] {
			if valueflow.Unguarded(pass.TypesInfo, s.Body, s.Call) && !guarded(s.Func) {
				memo[f] = no
				return false
			}
		}
		memo[f] = yes
		return true
	}
	return func(fn ast.Node) bool {
		d, ok := fn.(*ast.FuncDecl)
		if !ok {
			return false
		}
		if sites == nil {
			sites = objwrite.CallSites(pass, pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
			uses = map[*types.Func]int{}
			for _, obj := range pass.TypesInfo.Uses {
				if f, ok := obj.(*types.Func); ok && f.Pkg() == pass.Pkg {
					uses[f]++
				}
			}
		}
		f, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
		return guarded(f)
	}
}

// dropped reports whether every controller that runs fn drops the watch event of the
// write w of the store s with its event filters, and, when a generation filter does
// not drop it because the kind has no status subresource, a note for the message.
//
// The filters judged are those of the reconciled kind's events: For's predicates and
// the global event filters of each controller whose reconcile entry point reaches fn
// (a filter on another controller, or on an Owns or Watches, does not protect this
// one). A generation filter drops metadata-only changes, and status changes of a kind
// with the status subresource; a spec change, and a status change of a kind whose
// markers leave the subresource off, bump metadata.generation and pass it. A filter
// the wiring pass cannot judge is taken to drop the event (no report). When the
// controllers are not known (no controller seen for the entry point, or a chain not
// seen through), any generation filter in the package is taken to protect every
// write, as before the wiring pass.
func dropped(pass *analysis.Pass, wr *wiring.Result, nss *subresource.Result, fn ast.Node, w objwrite.Write, s store) (bool, string) {
	cs, known := wr.Reaching(fn)
	if !known {
		// A generation filter of the package protects a reconciler whose controller
		// is not seen only when the package builds no controller the pass saw, or
		// some chain of the package was not seen whole: a filter in a chain the pass
		// saw belongs to that chain's controller.
		return filtersGeneration(pass) && (len(wr.Controllers) == 0 || !wr.AllSeen()), ""
	}
	inStatus := strings.Contains(s.what, ".Status.") || strings.HasSuffix(s.what, ".Status")
	inSpec := strings.Contains(s.what, ".Spec.") || strings.HasSuffix(s.what, ".Spec")
	noSub := nss.NoStatusSubresource(pass.TypesInfo.TypeOf(w.Obj))
	note := ""
	for _, c := range cs {
		gen, unknown := false, false
		for _, p := range c.PrimaryFilters() {
			gen = gen || p.Generation
			unknown = unknown || p.Unknown
		}
		switch {
		case gen && !inSpec && !(inStatus && noSub):
			continue // the generation does not change: dropped
		case gen && inStatus && noSub:
			note = "; the kind has no status subresource, so a status change bumps metadata.generation and passes GenerationChangedPredicate"
			return false, note
		case unknown && !gen:
			continue // a filter not seen through: it may drop the event
		}
		return false, note
	}
	return true, ""
}

// filtersGeneration reports whether the package uses GenerationChangedPredicate, or
// writes one by hand: a predicate.Funcs whose UpdateFunc reads the generation
// (`e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()`). Its controllers then
// drop status and metadata writes.
func filtersGeneration(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if tn, ok := obj.(*types.TypeName); ok && tn.Pkg() != nil && tn.Pkg().Path() == k8sapi.PredicatePkg &&
			(tn.Name() == "GenerationChangedPredicate" || tn.Name() == "TypedGenerationChangedPredicate") {
			return true
		}
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || found {
				return !found
			}
			named := k8sapi.Named(pass.TypesInfo.TypeOf(lit))
			if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != k8sapi.PredicatePkg {
				return true
			}
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "UpdateFunc" {
					if fl, ok := kv.Value.(*ast.FuncLit); ok && readsGeneration(fl.Body) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// readsGeneration reports whether body calls GetGeneration or reads a Generation field.
func readsGeneration(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "GetGeneration" || sel.Sel.Name == "Generation") {
			found = true
		}
		return !found
	})
	return found
}

// volatile returns a description of the first call in e whose value differs on every
// call, or "".
func volatile(pass *analysis.Pass, e ast.Expr) string {
	desc := ""
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || desc != "" {
			return desc == ""
		}
		fn, ok := k8sapi.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
			return true
		}
		name := types.ExprString(call.Fun) + "()"
		switch path := fn.Pkg().Path(); {
		case path == "time" && fn.Name() == "Now",
			path == k8sapi.MetaV1Pkg && (fn.Name() == "Now" || fn.Name() == "NowMicro"),
			path == "math/rand" || path == "math/rand/v2" || path == "crypto/rand" && fn.Name() == "Text",
			path == "github.com/google/uuid" && (fn.Name() == "New" || fn.Name() == "NewString" || fn.Name() == "NewRandom" || fn.Name() == "NewUUID"),
			path == "k8s.io/apimachinery/pkg/util/uuid" && fn.Name() == "NewUUID",
			path == "k8s.io/apimachinery/pkg/util/rand" && fn.Name() == "String":
			desc = name
		}
		return desc == ""
	})
	return desc
}

type store struct {
	pos  token.Pos
	desc string // "metav1.Now()"
	what string // "obj.Status.LastReconciled"
}

func checkFunc(pass *analysis.Pass, rep *analyzerutil.Reporter, nss *subresource.Result, fn ast.Node, chain []string, writes []objwrite.Write, drops func(objwrite.Write, store) (bool, string), isObj func(*types.Var) bool) {
	stores := map[*types.Var][]store{} // in source order
	add := func(v *types.Var, ok bool, pos token.Pos, desc, what string) {
		if v == nil || !ok || desc == "" || !isObj(v) {
			return
		}
		stores[v] = append(stores[v], store{pos, desc, what})
	}
	deferred := map[*ast.CallExpr]bool{}
	k8sapi.InspectBody(fn, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.DeferStmt:
			deferred[n.Call] = true
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return
			}
			for i, l := range n.Lhs {
				if objwrite.StatusAppend(l, n.Rhs[i]) || strings.HasSuffix(types.ExprString(l), ".Status.Conditions") {
					continue // a growing status list, a replaced list of conditions: statuslog's and conditionsreplace's findings
				}
				v, ok := objwrite.PathRoot(pass, l)
				add(v, ok, n.Pos(), volatile(pass, n.Rhs[i]), types.ExprString(l))
			}
		case *ast.IncDecStmt:
			v, ok := objwrite.PathRoot(pass, n.X)
			if n.Tok == token.INC {
				add(v, ok, n.Pos(), "an increment", types.ExprString(n.X))
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "SetAnnotations" || sel.Sel.Name == "SetLabels") && len(n.Args) == 1 {
				v := objwrite.RootVar(pass, sel.X)
				add(v, true, n.Pos(), volatile(pass, n.Args[0]), types.ExprString(sel.X)+"."+sel.Sel.Name[3:])
			}
		}
	})
	if len(stores) == 0 {
		return
	}
	for _, w := range writes {
		v := objwrite.RootVar(pass, w.Obj)
		at := w.Call.Pos()
		if deferred[w.Call] {
			at = fn.End() // a deferred write persists the stores after the defer too
		}
		var st store
		for _, s := range stores[v] {
			if s.pos < at && objwrite.Persists(pass, nss, w.Iface, w.Obj, strings.Contains(s.what, ".Status.") || strings.HasSuffix(s.what, ".Status")) {
				st = s // the last store before the write that the write persists
			}
		}
		if v == nil || st.desc == "" {
			continue
		}
		drop, note := drops(w, st)
		if drop {
			continue
		}
		line := pass.Fset.Position(st.pos).Line
		rep.Report(analysis.Diagnostic{
			Pos: w.Call.Pos(), End: w.Call.End(),
			Message: fmt.Sprintf(msg, objwrite.Name(w.Call), st.what, st.desc, line, note, analyzerutil.Chain(append(slices.Clone(chain), w.Via...))),
		})
	}
}
