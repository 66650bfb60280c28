package priorityonly

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the priorityonly rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "priorityonly",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

const (
	msgOnly    = "a Result with only Priority and a nil error requeues nothing: the controller forgets the key and the priority is never used; set RequeueAfter beside it, or drop it%s"
	msgNoQueue = "Priority is ignored: %s sets UsePriorityQueue to false, and only the priority queue orders keys by priority%s"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	off := ""
	checked := false
	for f := range analyzerutil.ReachedSSA(pass, rep) {
		if !analyzerutil.ReturnsResult(f.Fn) {
			continue
		}
		if !checked {
			off, checked = priorityQueueOff(pass), true
		}
		for _, ret := range recssa.Returns(f.Fn) {
			if ret.Parent() != f.Fn || !hasPriority(ret.Results[0], ret.Block(), map[ssa.Value]bool{}) {
				continue
			}
			var text string
			switch {
			case off != "":
				text = fmt.Sprintf(msgNoQueue, off, analyzerutil.Chain(f.Chain))
			case analyzerutil.ZeroResult(ret.Results[0]) && !recssa.MayBeNonNil(ret.Results[1], ret.Block()):
				text = fmt.Sprintf(msgOnly, analyzerutil.Chain(f.Chain))
			default:
				continue
			}
			rep.Report(analyzerutil.AtResult(f.Node, ret, 0, text))
		}
	}
	return rep.Outcome(), nil
}

// hasPriority reports whether the Result value v, returned in block at, may carry a
// Priority: a store of a value other than nil into its Priority field from which at
// can be reached.
func hasPriority(v ssa.Value, at *ssa.BasicBlock, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for i, e := range v.Edges {
			if hasPriority(e, v.Block().Preds[i], seen) {
				return true
			}
		}
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, st := range recssa.ReachingStores(v, a) {
			if st.Addr == a && hasPriority(st.Val, st.Block(), seen) {
				return true
			}
		}
		for _, ref := range analyzerutil.Referrers(a) {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || recssa.FieldName(fa) != "Priority" {
				continue
			}
			for _, st := range analyzerutil.Referrers(fa) {
				if st, ok := st.(*ssa.Store); ok && st.Addr == fa && !analyzerutil.IsNilConst(st.Val) && recssa.Reachable(st.Block(), at) {
					return true
				}
			}
		}
	}
	return false
}

// priorityQueueOff returns a description of the controller options of the package that
// set UsePriorityQueue to false ("the controller.Options at main.go:40"), or "".
func priorityQueueOff(pass *analysis.Pass) string {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := cur.Node().(*ast.CompositeLit)
		t := pass.TypesInfo.TypeOf(lit)
		n := k8sapi.Named(t)
		if n == nil || n.Obj().Pkg() == nil || !strings.HasPrefix(n.Obj().Pkg().Path(), "sigs.k8s.io/controller-runtime/") {
			continue
		}
		for i := range lit.Elts {
			name, v := analyzerutil.LiteralField(t, lit, i)
			if name == "UsePriorityQueue" && falsePointer(pass.TypesInfo, v) {
				pos := pass.Fset.Position(lit.Pos())
				file := pos.Filename
				if j := strings.LastIndexAny(file, `/\`); j >= 0 {
					file = file[j+1:]
				}
				return "the " + n.Obj().Pkg().Name() + "." + n.Obj().Name() + " at " + file + ":" + strconv.Itoa(pos.Line)
			}
		}
	}
	return ""
}

// falsePointer reports whether e is a pointer to the constant false: ptr.To(false),
// pointer.Bool(false), pointer.BoolPtr(false), or any one-argument call of that shape.
func falsePointer(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if p, ok := info.TypeOf(call).(*types.Pointer); !ok || !types.Identical(p.Elem(), types.Typ[types.Bool]) {
		return false
	}
	tv, ok := info.Types[call.Args[0]]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}
