package terminalerror

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/reconcilers"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "v0.1.0"
	Severity = analyzerutil.Warning
)

// Analyzer is the terminalerror rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "terminalerror",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reconcilers.Analyzer, reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

const msg = "the terminal error is returned without a status write before it: the controller never retries it and only logs it, so the failure is invisible on the object; record it in the status first"

type checker struct {
	pass  *analysis.Pass
	s     *recssa.Result
	sites map[token.Pos]bool // Lparen of status-writing calls
	memo  map[*ssa.Function]bool
}

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
	if s.Empty() {
		return rep.Outcome(), nil
	}
	r := pass.ResultOf[reach.Analyzer].(*reach.Result)
	recs := pass.ResultOf[reconcilers.Analyzer].(*reconcilers.Result)
	c := &checker{pass: pass, s: s, sites: map[token.Pos]bool{}, memo: map[*ssa.Function]bool{}}
	for _, site := range r.Sites(reach.StatusWrite) {
		if call, ok := site.Node.(*ast.CallExpr); ok {
			c.sites[call.Lparen] = true
		}
	}
	entries := map[*ssa.Function]bool{}
	entriesWrite := false
	for _, e := range recs.Entries() {
		if fn := s.Func(e.Node); fn != nil {
			entries[fn] = true
			if c.writes(fn) {
				entriesWrite = true
			}
		}
	}
	for _, node := range r.Funcs() {
		fn := s.Func(node)
		if fn == nil {
			continue
		}
		chain, _ := r.Reached(node)
		res := fn.Signature.Results()
		returnsErr := res.Len() > 0 && k8sapi.IsError(res.At(res.Len()-1).Type())
		// The caller may record it; a deferred write covers every return.
		skipStatus := !returnsErr || !entries[fn] && entriesWrite || c.deferredWrite(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !isTerminal(call) {
					continue
				}
				ce := s.CallExpr(call)
				if ce == nil || rep.Skip(ce.Pos()) {
					continue
				}
				if t := transient(fn, call); t != nil {
					// The error should not be terminal at all: whether its status was
					// written is moot.
					reportTransient(pass, rep, ce, t, chain)
					continue
				}
				if skipStatus {
					continue
				}
				if entries[fn] && !c.objectInHand(pass, fn, call) {
					continue // about the request itself: nothing to record it on
				}
				for _, ret := range recssa.Returns(fn) {
					v := ret.Results[len(ret.Results)-1]
					if recssa.Reachable(call.Block(), ret.Block()) && recssa.Derives(v, call, nil) && !c.covered(fn, ret) {
						rep.Reportf(ce, "%s%s", msg, analyzerutil.Chain(chain))
						break
					}
				}
			}
		}
	}
	return rep.Outcome(), nil
}

func reportTransient(pass *analysis.Pass, rep *analyzerutil.Reporter, ce *ast.CallExpr, t *transientTest, chain []string) {
	line := pass.Fset.Position(t.pos).Line
	d := analysis.Diagnostic{
		Pos: ce.Pos(), End: ce.End(),
		Message: fmt.Sprintf("%s of an error found transient by %s (line %d): the controller never retries a terminal error, "+
			"so a failure that a retry would mend becomes permanent until the next event of the object; return the error itself%s",
			types.ExprString(ce.Fun), t.name, line, analyzerutil.Chain(chain)),
	}
	if len(ce.Args) == 1 {
		arg := ce.Args[0]
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "return the error itself, to be retried with backoff",
			TextEdits: []analysis.TextEdit{
				{Pos: ce.Pos(), End: arg.Pos()},
				{Pos: arg.End(), End: ce.End()},
			},
		}}
	}
	rep.Report(d)
}

func isTerminal(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	return fn != nil && fn.Object() != nil && k8sapi.IsObj(fn.Object(), k8sapi.ReconcilePkg, "TerminalError")
}

// covered reports whether a status write dominates the return.
func (c *checker) covered(fn *ssa.Function, ret *ssa.Return) bool {
	for _, b := range fn.Blocks {
		if !b.Dominates(ret.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && c.writeInstr(call) {
				return true
			}
		}
	}
	return false
}

// deferredWrite reports whether fn defers a status write.
func (c *checker) deferredWrite(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && c.writeInstr(d) {
				return true
			}
		}
	}
	return false
}

// writeInstr reports whether the call writes status, directly or through a function
// of this package or a closure.
// objectInHand reports whether, on every path from the entry point's start to the
// terminal error, the reconciler has done something that gives it an object: a client
// call, a call of a function of this package (a fetch helper, a closure) or a call
// through an interface. A terminal error before any of them is about the request itself
// (an unknown cluster name, a malformed key): no object is in hand whose status could
// record it, and writing one would mean reading it first.
func (c *checker) objectInHand(pass *analysis.Pass, fn *ssa.Function, at *ssa.Call) bool {
	for _, b := range fn.Blocks {
		if !b.Dominates(at.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			if instr == at {
				break
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if call.Call.IsInvoke() {
				return true
			}
			if ce := c.s.CallExpr(call); ce != nil {
				if _, ok := k8sapi.ClientCall(pass.Pkg, pass.TypesInfo, ce); ok {
					return true
				}
			}
			if callee := call.Call.StaticCallee(); callee != nil && (callee.Pkg == c.s.Pkg || callee.Parent() != nil) {
				return true
			}
		}
	}
	return false
}

func (c *checker) writeInstr(call ssa.CallInstruction) bool {
	if c.sites[call.Pos()] {
		return !c.ignoredUnreported(call)
	}
	switch v := call.Common().Value.(type) {
	case *ssa.Function:
		if v.Pkg == c.s.Pkg || v.Parent() != nil {
			if _, isDefer := call.(*ssa.Defer); isDefer && errIgnored(call) {
				return false
			}
			return c.writes(v)
		}
	case *ssa.MakeClosure:
		if f, ok := v.Fn.(*ssa.Function); ok {
			return c.writes(f)
		}
	}
	return false
}

// ignoredUnreported reports whether call is a status write whose error is ignored
// where the droppederr rule does not report it: deferred (defer r.Status().Update(...)),
// or a write of a patch helper of another package, which droppederr does not follow.
// Such a write records nothing for sure (a conflict loses it, and the terminal error
// is never retried to write it again), so it does not count. A client write whose
// error is discarded in a statement, assigned to _ or overwritten is droppederr's
// finding, at the write: it counts here as the write it is, so the one defect is
// reported once, at the line to change.
func (c *checker) ignoredUnreported(call ssa.CallInstruction) bool {
	if !errIgnored(call) {
		return false
	}
	if _, isDefer := call.(*ssa.Defer); isDefer {
		return true
	}
	ce := c.s.CallExpr(call)
	if ce == nil {
		return true
	}
	_, isClient := k8sapi.ClientCall(c.pass.Pkg, c.pass.TypesInfo, ce)
	return !isClient
}

// errIgnored reports whether the call returns an error that nothing reads: assigned to
// the blank identifier, a call statement, or a deferred call.
func errIgnored(call ssa.CallInstruction) bool {
	sig := call.Common().Signature()
	res := sig.Results()
	idx := -1
	for i := range res.Len() {
		if k8sapi.IsError(res.At(i).Type()) {
			idx = i
		}
	}
	if idx < 0 {
		return false
	}
	v := call.Value()
	if v == nil { // defer or go
		return true
	}
	if res.Len() == 1 {
		return len(*v.Referrers()) == 0
	}
	for _, r := range *v.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == idx && len(*ex.Referrers()) > 0 {
			return false
		}
	}
	return true
}

// writes reports whether fn, or a closure defined in it, writes status.
func (c *checker) writes(fn *ssa.Function) bool {
	if done, ok := c.memo[fn]; ok {
		return done
	}
	c.memo[fn] = false // recursion
	w := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if _, isGo := instr.(*ssa.Go); !isGo && c.writeInstr(call) {
					w = true
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if c.writes(anon) {
			w = true
		}
	}
	c.memo[fn] = w
	return w
}
