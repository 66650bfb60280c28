package droppederr

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
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

// Analyzer is the droppederr rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "droppederr",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

const (
	consequence       = "a failed write is not retried and the change is lost until the next event of the object"
	statusConsequence = "a failed status write is not retried and the status is lost until the next event of the object"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return rep.Outcome(), nil
	}
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	h := &helpers{pass: pass, s: s, memo: map[*ssa.Function]*k8sapi.Write{}, flow: pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)}
	for _, node := range r.Funcs() {
		fn := s.Func(node)
		if fn == nil {
			continue
		}
		chain, _ := r.Reached(node)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				ce := s.CallExpr(call)
				if ce == nil || rep.Skip(ce.Pos()) {
					continue
				}
				w, ok := k8sapi.WriteCall(pass.Pkg, pass.TypesInfo, ce)
				cons := consequence
				if !ok {
					if w, ok = ownerRefCall(pass.TypesInfo, ce); ok {
						cons = ownerConsequence
					} else if callee := call.Call.StaticCallee(); callee != nil {
						if hw := h.returnsWrite(callee); hw != nil {
							w, ok = *hw, true
							w.Desc = callee.Name() + " (" + hw.Desc + ")"
						} else if hw := h.importedWrite(callee); hw != nil {
							w, ok = *hw, true
						}
					}
				}
				if !ok {
					continue
				}
				how := dropped(call, w.ErrIndex)
				if how == "" {
					continue
				}
				if w.Status {
					cons = statusConsequence
				}
				rep.Reportf(ce, "the error of %s is %s: %s%s", w.Desc, how, cons, analyzerutil.Chain(chain))
			}
		}
	}
	return rep.Outcome(), nil
}

const ownerConsequence = "without the owner reference the child is not garbage-collected with its owner, and Owns() never maps its events back to the owner"

// ownerRefCall recognises controllerutil.SetControllerReference and SetOwnerReference
// (and the root package's SetControllerReference): they fail when the owner is
// cluster-scoped and the object namespaced, across namespaces, or when another
// controller already owns the object.
func ownerRefCall(info *types.Info, ce *ast.CallExpr) (k8sapi.Write, bool) {
	if k8sapi.IsFuncCall(info, ce, k8sapi.ControllerutilPkg, "SetControllerReference", "SetOwnerReference") ||
		k8sapi.IsFuncCall(info, ce, k8sapi.CtrlRoot, "SetControllerReference") {
		return k8sapi.Write{Desc: "controllerutil." + k8sapi.Callee(info, ce).Name()}, true
	}
	return k8sapi.Write{}, false
}

// helpers finds the functions of the package that return the error of a client write
// (directly, wrapped, or through another such function): their callers own that error.
type helpers struct {
	pass *analysis.Pass
	s    *recssa.Result
	memo map[*ssa.Function]*k8sapi.Write
	flow *valueflow.Result
}

// importedWrite returns the write whose error fn, a function of another package of the
// module, returns as its last result, from its value-flow summary; nil when there is
// none. Desc names the chain: "status.Save → status.UpdateStatus (Status().Update)".
func (h *helpers) importedWrite(fn *ssa.Function) *k8sapi.Write {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Pkg == h.s.Pkg {
		return nil
	}
	for _, src := range h.flow.ErrSources(obj) {
		if !src.Write {
			continue
		}
		res := fn.Signature.Results()
		return &k8sapi.Write{
			Desc:     strings.Join(src.Chain, " → ") + " (" + src.Call + ")",
			Status:   strings.HasPrefix(src.Call, "Status()") || strings.HasPrefix(src.Call, `SubResource("status")`),
			ErrIndex: res.Len() - 1,
		}
	}
	return nil
}

// returnsWrite returns the write whose error fn returns as its last result, or nil.
func (h *helpers) returnsWrite(fn *ssa.Function) *k8sapi.Write {
	if w, ok := h.memo[fn]; ok {
		return w
	}
	h.memo[fn] = nil // recursion
	if fn.Pkg != h.s.Pkg || fn.Blocks == nil {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !k8sapi.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var found *k8sapi.Write
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || found != nil {
				continue
			}
			var w k8sapi.Write
			ok = false
			if ce := h.s.CallExpr(call); ce != nil {
				w, ok = k8sapi.WriteCall(h.pass.Pkg, h.pass.TypesInfo, ce)
			}

			if !ok {
				if callee := call.Call.StaticCallee(); callee != nil && callee != fn {
					if hw := h.returnsWrite(callee); hw != nil {
						w, ok = *hw, true
						w.ErrIndex = callee.Signature.Results().Len() - 1
					}
				}
			}
			if !ok {
				continue
			}
			errv := errValue(call, w.ErrIndex)
			if errv == nil {
				continue
			}
			for _, ret := range recssa.Returns(fn) {
				if recssa.Derives(ret.Results[len(ret.Results)-1], errv, nil) {
					w.ErrIndex = res.Len() - 1
					found = &w
					break
				}
			}
		}
	}
	h.memo[fn] = found
	return found
}

// errValue returns the value of the call's error result at idx, or nil when unused.
func errValue(call *ssa.Call, idx int) ssa.Value {
	if _, ok := call.Type().(*types.Tuple); !ok {
		return call
	}
	for _, ref := range analyzerutil.Referrers(call) {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == idx {
			return ex
		}
	}
	return nil
}

// dropped returns how the error of the write call is dropped ("discarded", "only
// logged"), or "".
func dropped(call *ssa.Call, idx int) string {
	var errv ssa.Value = call
	if _, ok := call.Type().(*types.Tuple); ok {
		errv = nil
		for _, ref := range analyzerutil.Referrers(call) {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == idx {
				errv = ex
			}
		}
		if errv == nil {
			return "discarded"
		}
	}
	refs := analyzerutil.Referrers(errv)
	if len(refs) == 0 {
		return "discarded"
	}

	var tests []errTest // blocks ending in a test of the error
	if !onlyLogged(errv, &tests, map[ssa.Value]bool{}) {
		return ""
	}
	fn := call.Parent()
	results := fn.Signature.Results()
	if results.Len() == 0 || !k8sapi.IsError(results.At(results.Len()-1).Type()) {
		// No error result: a deliberate best-effort write (cluster-api's cleanup
		// closures log and rely on garbage collection); the Reconcile path is unknown.
		return ""
	}
	// The paths on which the error is non-nil: the non-nil side of each test, or
	// everything after the call when it is logged without a test.
	var starts []*ssa.BasicBlock
	preds := 0
	for _, t := range tests {
		if t.pred {
			// apierrors.IsConflict(err): the true side handles that kind of error, the
			// false side drops every other one.
			preds++
			starts = append(starts, t.b.Succs[1])
			continue
		}
		nilSide := recssa.NilSucc(t.b, errv)
		for _, succ := range t.b.Succs {
			if succ != nilSide {
				starts = append(starts, succ)
			}
		}
	}
	if len(tests) == 0 {
		starts = []*ssa.BasicBlock{call.Block()}
	}
	how := "only logged"
	if preds > 0 {
		how = "dropped unless it passes the error test"
	}
	for _, ret := range recssa.Returns(fn) {
		reachable := false
		for _, st := range starts {
			if recssa.Reachable(st, ret.Block()) {
				reachable = true
			}
		}
		if !reachable {
			continue
		}
		if recssa.MayBeNonNil(ret.Results[len(ret.Results)-1], ret.Block()) {
			return "" // some path may still fail the reconcile
		}
		if len(ret.Results) == 2 && k8sapi.IsResult(ret.Results[0].Type()) && !analyzerutil.ZeroResult(ret.Results[0]) &&
			(preds == 0 || !copiedRequeue(ret.Results[0])) {
			return "" // may requeue
		}
	}
	return how
}

// errTest is a block ending in a test of the error: a comparison with nil, or (pred) an
// error predicate such as apierrors.IsConflict(err).
type errTest struct {
	b    *ssa.BasicBlock
	pred bool
}

// copiedRequeue reports whether the Result is a literal whose requeue fields are copied
// from another Result (`ctrl.Result{RequeueAfter: result.RequeueAfter}`): after an
// error test that handles one kind of error, such a Result requeues only when an
// earlier step asked for it, not because of the dropped error.
func copiedRequeue(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	a, ok := u.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	copied := false
	for _, ref := range analyzerutil.Referrers(a) {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if name := recssa.FieldName(fa); name != "Requeue" && name != "RequeueAfter" {
			continue
		}
		for _, st := range analyzerutil.Referrers(fa) {
			st, ok := st.(*ssa.Store)
			if !ok {
				continue
			}
			if _, isConst := st.Val.(*ssa.Const); isConst {
				continue
			}
			if !k8sapi.IsResult(fieldSource(st.Val)) {
				return false
			}
			copied = true
		}
	}
	return copied
}

// fieldSource returns the type of the struct that v was read from (a field load), or nil.
func fieldSource(v ssa.Value) types.Type {
	switch v := v.(type) {
	case *ssa.Field:
		return v.X.Type()
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				return p.Elem()
			}
		}
	}
	return nil
}

// onlyLogged reports whether every use of v is a comparison with nil (collected in
// tests) or an argument of a logging or event call, directly, converted to an
// interface, through the variadic slice of such a call, or through err.Error().
func onlyLogged(v ssa.Value, tests *[]errTest, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	for _, ref := range analyzerutil.Referrers(v) {
		switch ref := ref.(type) {
		case *ssa.BinOp:
			if ref.Op != token.EQL && ref.Op != token.NEQ || !(analyzerutil.IsNilConst(ref.X) || analyzerutil.IsNilConst(ref.Y)) {
				return false
			}
			for _, use := range analyzerutil.Referrers(ref) {
				if ifi, ok := use.(*ssa.If); ok {
					*tests = append(*tests, errTest{b: ifi.Block()})
				} else {
					return false
				}
			}
		case *ssa.MakeInterface, *ssa.ChangeInterface:
			if !onlyLogged(ref.(ssa.Value), tests, seen) {
				return false
			}
		case *ssa.Store:
			// An element of a variadic argument array.
			ia, ok := ref.Addr.(*ssa.IndexAddr)
			if !ok || ref.Val != v {
				return false
			}
			arr, ok := ia.X.(*ssa.Alloc)
			if !ok {
				return false
			}
			for _, use := range analyzerutil.Referrers(arr) {
				switch use := use.(type) {
				case *ssa.IndexAddr:
				case *ssa.Slice:
					for _, c := range analyzerutil.Referrers(use) {
						call, ok := c.(ssa.CallInstruction)
						if !ok || !sink(call, tests, seen) {
							return false
						}
					}
				default:
					return false
				}
			}
		case ssa.CallInstruction:
			common := ref.Common()
			if common.IsInvoke() && common.Value == v && common.Method.Name() == "Error" {
				if call, ok := ref.(*ssa.Call); ok && onlyLogged(call, tests, seen) {
					continue
				}
				return false
			}
			if c, ok := ref.(*ssa.Call); ok && analyzerutil.ErrPredicate(c, v) {
				for _, use := range analyzerutil.Referrers(c) {
					if ifi, ok := use.(*ssa.If); ok {
						*tests = append(*tests, errTest{b: ifi.Block(), pred: true})
					} else {
						return false
					}
				}
				continue
			}
			if !sink(ref, tests, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sink reports whether call only reports its arguments: a logging call, or a fmt.Sprint*
// whose string is only logged.
func sink(call ssa.CallInstruction, tests *[]errTest, seen map[ssa.Value]bool) bool {
	if analyzerutil.Logging(call.Common()) {
		return true
	}
	if fn := call.Common().StaticCallee(); fn != nil && fn.Object() != nil && fn.Object().Pkg() != nil &&
		fn.Object().Pkg().Path() == "fmt" && strings.HasPrefix(fn.Name(), "Sprint") {
		c, ok := call.(*ssa.Call)
		return ok && onlyLogged(c, tests, seen)
	}
	return false
}
