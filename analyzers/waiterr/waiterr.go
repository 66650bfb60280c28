package waiterr

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
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
	Default  = false // 16 false of 26 findings on seven operators (invariant checks): docs/precision.md, consolidation round
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the waiterr rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "waiterr",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

const (
	msgStatus = "%s makes a fresh error after a test of the %s's status, where no call failed: a wait reported as a failure backs off exponentially (up to about 16 minutes between passes) and counts in controller_runtime_reconcile_errors_total; watch the %s (Owns, Watches) so that its change requeues, or return a Result with RequeueAfter and a nil error%s"
	msgSpec   = "%s makes a fresh error after a test of the %s's spec, where no call failed: invalid input is retried forever, backing off up to about 16 minutes, and nothing on the object says why; %s (if another controller fills the field in, wait for it with a watch or RequeueAfter instead)%s"
	msgObject = "%s makes a fresh error after a test of the %s, where no call failed: a wait reported as a failure backs off up to about 16 minutes and counts in controller_runtime_reconcile_errors_total, and invalid input is retried forever; wait with a watch or RequeueAfter, or %s%s"

	fixTerminal   = "return reconcile.TerminalError and record the reason in a status condition"
	fixNoTerminal = "record the reason in a status condition and return a nil error (reconcile.TerminalError exists from controller-runtime v0.15)"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	prop := analyzerutil.NewPropagation(s)
	fix := fixNoTerminal
	if k8sapi.LookupObject(pass.Pkg, k8sapi.ReconcilePkg, "TerminalError") != nil {
		fix = fixTerminal
	}
	reported := map[*ssa.Call]bool{}
	for f := range analyzerutil.ReachedSSA(pass, rep) {
		fn := f.Fn
		res := fn.Signature.Results()
		if res.Len() == 0 || !k8sapi.IsError(res.At(res.Len()-1).Type()) {
			continue
		}
		for _, ret := range recssa.Returns(fn) {
			if ret.Parent() != fn {
				continue
			}
			e := ret.Results[len(ret.Results)-1]
			if analyzerutil.ReturnsResult(fn) {
				if _, ok := analyzerutil.RequeueAfter(ret.Results[0], ret.Block(), e); ok {
					continue // the resulterr rule's: the RequeueAfter is ignored
				}
			}
			for _, ctor := range freshOrigins(e) {
				if reported[ctor] || ctor.Parent() != fn || analyzerutil.UnderFailure(fn, ctor.Block()) {
					continue
				}
				state, ok := stateTest(ctor.Block())
				if !ok || !prop.Reaches(fn) {
					continue
				}
				reported[ctor] = true
				if ce := s.CallExpr(ctor); ce != nil && !assertion(pass, ctor, ce) {
					rep.Reportf(ce, "%s", message(types.ExprString(ce.Fun), state, fix, f.Chain))
				}
			}
		}
	}
	return rep.Outcome(), nil
}

// message says what the fresh error made by name after a test of state is taken for.
func message(name string, state analyzerutil.StateRead, fix string, chain []string) string {
	switch {
	case state.Field == "Status":
		return fmt.Sprintf(msgStatus, name, state.Kind, state.Kind, analyzerutil.Chain(chain))
	case state.Field == "Spec" && !state.BuiltIn():
		return fmt.Sprintf(msgSpec, name, state.Kind, fix, analyzerutil.Chain(chain))
	case state.Field == "Spec":
		// The spec of a Service or a VolumeAttachment is not this controller's input:
		// it may be a wait or a state the controller did not expect.
		return fmt.Sprintf(msgObject, name, state.Kind+"'s spec", fix, analyzerutil.Chain(chain))
	}
	return fmt.Sprintf(msgObject, name, state.Kind, fix, analyzerutil.Chain(chain))
}

// impossible are the phrases by which an author says that a state cannot occur (the
// API server's defaulting or validation rules it out): "spec.replicas is nil, this is
// unexpected", "// This should never happen: the webhook refuses it".
var impossible = []string{
	"unexpected", "should never", "should not happen", "shouldn't happen", "never happen",
	"must not happen", "cannot happen", "can't happen", "not supposed to happen",
	"impossible", "this is a bug", "should not be allowed",
}

// assertion reports whether the fresh error ctor (at ce) is an assertion of an
// invariant rather than a wait or invalid input: its message, or a comment on the two
// lines above it (above the return, or above the if whose body the return is), says
// that the state cannot happen. Such a check guards a field that defaulting or
// admission fills in (a nil spec.replicas that the defaulting webhook sets, the default
// of a switch over a validated enum): the input it describes never reaches the
// controller, and the message's "retried forever" would not be true.
func assertion(pass *analysis.Pass, ctor *ssa.Call, ce *ast.CallExpr) bool {
	if c, ok := ctor.Call.Args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String &&
		saysImpossible(constant.StringVal(c.Value)) {
		return true
	}
	tf := pass.Fset.File(ce.Pos())
	if tf == nil {
		return false
	}
	line := tf.Line(ce.Pos())
	for _, f := range pass.Files {
		if pass.Fset.File(f.Pos()) != tf {
			continue
		}
		for _, cg := range f.Comments {
			if end := tf.Line(cg.End()); cg.End() < ce.Pos() && end >= line-2 && saysImpossible(cg.Text()) {
				return true
			}
		}
	}
	return false
}

// saysImpossible reports whether text says that a state cannot happen.
func saysImpossible(text string) bool {
	text = strings.ToLower(text)
	for _, p := range impossible {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// freshOrigins returns the fresh constructors (errors.New, fmt.Errorf without %w or an
// error operand) whose error the returned value e may be, through φ-nodes, interface
// conversions and local variables; a reconcile.TerminalError around it makes it no
// longer a plain error, and any other call ends the search.
func freshOrigins(e ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, ed := range x.Edges {
				walk(ed)
			}
		case *ssa.MakeInterface:
			walk(x.X)
		case *ssa.ChangeInterface:
			walk(x.X)
		case *ssa.UnOp:
			if a, ok := x.X.(*ssa.Alloc); ok {
				for _, st := range recssa.ReachingStores(x, a) {
					if st.Addr == a {
						walk(st.Val)
					}
				}
			}
		case *ssa.Call:
			if analyzerutil.FreshConstructor(x) {
				out = append(out, x)
			}
		}
	}
	walk(e)
	return out
}

// stateTest returns what the test that guards block b reads of an API object's
// state. The guarding test is the nearest if above b (in the dominator tree) that does
// not test an error, together with the ifs of the same && or || chain (those that
// share a successor with it): an earlier if whose other side returned does not guard b.
// When that if is the head of a loop, b follows a search that found nothing (no
// storage version among the CRD's versions): no state test guards it.
func stateTest(b *ssa.BasicBlock) (analyzerutil.StateRead, bool) {
	var guard *ssa.BasicBlock
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi := analyzerutil.CondIf(d)
		if ifi == nil || !(d.Succs[0].Dominates(b) || d.Succs[1].Dominates(b)) {
			continue
		}
		if guard == nil {
			if errorTest(ifi.Cond) {
				continue
			}
			if strings.HasSuffix(d.Comment, ".loop") {
				// The exit of a loop (for.loop, rangeindex.loop, ...): an error after
				// a search that found nothing is not guarded by a state test.
				return analyzerutil.StateRead{}, false
			}
			guard = d
		} else if !shareSucc(guard, d) {
			break
		}
		if st, ok := analyzerutil.StateOf(ifi.Cond); ok {
			return st, true
		}
		guard = d
	}
	return analyzerutil.StateRead{}, false
}

// shareSucc reports whether the if blocks a and b have a successor in common: they
// are parts of one && or || condition (a sequence of ifs shares none).
func shareSucc(a, b *ssa.BasicBlock) bool {
	for _, x := range a.Succs {
		for _, y := range b.Succs {
			if x == y {
				return true
			}
		}
	}
	return false
}

// errorTest reports whether the condition tests an error value: err != nil, a
// predicate given an error.
func errorTest(cond ssa.Value) bool {
	switch c := cond.(type) {
	case *ssa.BinOp:
		return k8sapi.IsError(c.X.Type()) || k8sapi.IsError(c.Y.Type())
	case *ssa.Call:
		for _, a := range c.Call.Args {
			if k8sapi.IsError(a.Type()) {
				return true
			}
		}
	case *ssa.UnOp:
		return errorTest(c.X)
	}
	return false
}
