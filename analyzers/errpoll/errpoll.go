package errpoll

import (
	_ "embed"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"
	"unicode"

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
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the errpoll rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "errpoll",
	Doc:      doc,
	Requires: []*analysis.Analyzer{reach.Analyzer, recssa.Analyzer, directives.Analyzer},
}.Analyzer(run)

const msg = "the error of %s is not returned: RequeueAfter with a nil error polls %s with no backoff, and the failure never counts in controller_runtime_reconcile_errors_total, so one that does not go away is retried at that rate forever, unseen; return the error (the queue backs off), or record it in a status condition if the fixed poll is deliberate%s"

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	c := &checker{s: pass.ResultOf[recssa.Analyzer].(*recssa.Result), waits: map[*ssa.Function]bool{}}
	for f := range analyzerutil.ReachedSSA(pass, rep) {
		if !analyzerutil.ReturnsResult(f.Fn) {
			continue
		}
		if c.status == nil {
			c.status = analyzerutil.StatusWrites(pass.ResultOf[reach.Analyzer].(*reach.Result))
		}
		tests := analyzerutil.ErrNilTests(f.Fn)
		for _, ret := range recssa.Returns(f.Fn) {
			if ret.Parent() != f.Fn {
				continue
			}
			t := innermost(tests, ret.Block())
			if t == nil || recssa.MayBeNonNil(ret.Results[1], ret.Block()) {
				continue
			}
			after, ok := analyzerutil.RequeueAfter(ret.Results[0], ret.Block(), nil)
			if !ok {
				continue
			}
			path := analyzerutil.Between(t.Failed, ret.Block())
			if c.specific(path, t.Err, ret.Block()) || analyzerutil.Records(path, t.Err, c.status) {
				continue
			}
			call := analyzerutil.OriginCall(t.Err)
			if call != nil && (c.waitHelper(call) || stateCheck(call)) {
				continue
			}
			rep.Report(analyzerutil.AtResult(f.Node, ret, 0, c.message(call, after, f.Chain)))
		}
	}
	return rep.Outcome(), nil
}

type checker struct {
	s      *recssa.Result
	status map[token.Pos]bool // Lparen of status writes and calls of functions that write status
	waits  map[*ssa.Function]bool
}

// innermost returns the test whose failed side dominates block b and lies inside every
// other such test's failed side: the error the return at b is about.
func innermost(tests []analyzerutil.ErrNilTest, b *ssa.BasicBlock) *analyzerutil.ErrNilTest {
	var best *analyzerutil.ErrNilTest
	for i := range tests {
		t := &tests[i]
		if !t.Failed.Dominates(b) {
			continue
		}
		if best == nil || best.Failed.Dominates(t.Failed) {
			best = t
		}
	}
	return best
}

// specific reports whether the return at ret, on the failed side of a test of err,
// is reached only through a test that picks a kind of error: the true side of a
// predicate given the error (apierrors.IsNotFound(err), errors.Is(err, ErrNotReady),
// errors.As, a function of the module), the equal side of a comparison of the error
// (or a value made from it) with something other than nil, the nil side of a filter
// (client.IgnoreNotFound(err) == nil), or any other branch on a value made from the
// error. Such a branch waits for a condition the author named ("not yet"), not for a
// failure.
func (c *checker) specific(path []*ssa.BasicBlock, err ssa.Value, ret *ssa.BasicBlock) bool {
	for _, b := range path[1:] { // path[0] is ret's own block
		ifi := analyzerutil.CondIf(b)
		if ifi == nil || !recssa.Derives(ifi.Cond, err, nil) && !derivesFromErr(ifi.Cond, err) {
			continue
		}
		taken := 0 // which successor leads to ret
		if !b.Succs[0].Dominates(ret) {
			taken = 1
			if !b.Succs[1].Dominates(ret) {
				return true // both sides reach it: a join, not a choice
			}
		}
		switch cond := ifi.Cond.(type) {
		case *ssa.BinOp:
			if cond.Op != token.EQL && cond.Op != token.NEQ {
				return true
			}
			eqSide := 0
			if cond.Op == token.NEQ {
				eqSide = 1
			}
			if analyzerutil.IsNilConst(cond.X) || analyzerutil.IsNilConst(cond.Y) {
				// a filtered error compared with nil: the nil side is the filtered kind
				if taken == eqSide {
					return true
				}
				continue
			}
			if taken == eqSide {
				return true
			}
		case *ssa.Call:
			if taken == 0 {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// derivesFromErr reports whether v is computed from err through a method call on it
// (err.Error()) or through calls that take it (Derives follows arguments, not
// receivers of interface calls).
func derivesFromErr(v, err ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == err {
			return true
		}
		if v == nil || seen[v] || depth > 6 {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Call:
			if x.Call.IsInvoke() && walk(x.Call.Value, depth+1) {
				return true
			}
			for _, a := range x.Call.Args {
				if walk(a, depth+1) {
					return true
				}
			}
		case *ssa.BinOp:
			return walk(x.X, depth+1) || walk(x.Y, depth+1)
		case *ssa.UnOp:
			return walk(x.X, depth+1)
		case *ssa.Extract:
			return walk(x.Tuple, depth+1)
		case *ssa.TypeAssert:
			return walk(x.X, depth+1)
		case *ssa.MakeInterface:
			return walk(x.X, depth+1)
		case *ssa.ChangeInterface:
			return walk(x.X, depth+1)
		}
		return false
	}
	return walk(v, 0)
}

// waitHelper reports whether call is a call of a function of this package whose error
// results are all made fresh, under no failed call (errors.New("not ready") after a
// state test): the helper signals a wait with an error, and a caller that turns that
// into a poll does what it should.
func (c *checker) waitHelper(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg != c.s.Pkg || fn.Blocks == nil {
		return false
	}
	if w, ok := c.waits[fn]; ok {
		return w
	}
	c.waits[fn] = false
	res := fn.Signature.Results()
	if res.Len() == 0 || !k8sapi.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	fresh := 0
	for _, ret := range recssa.Returns(fn) {
		e := ret.Results[len(ret.Results)-1]
		if !recssa.MayBeNonNil(e, ret.Block()) {
			continue
		}
		if analyzerutil.FreshErrors(e) == nil || analyzerutil.UnderFailure(fn, ret.Block()) {
			return false
		}
		fresh++
	}
	c.waits[fn] = fresh > 0
	return fresh > 0
}

// stateCheck reports whether call is of a function or method named like a predicate
// (IsReady, IsDBUp: "Is" and an upper-case letter) whose only result is an error: by
// the name, the error says "not ready", and polling until the check passes is a wait,
// not a failure (a readiness probe of a database instance, seen in CloudNativePG).
func stateCheck(call *ssa.Call) bool {
	var name string
	var sig *types.Signature
	if m := call.Call.Method; m != nil {
		name, sig = m.Name(), m.Type().(*types.Signature)
	} else if fn := call.Call.StaticCallee(); fn != nil {
		name, sig = fn.Name(), fn.Signature
	} else {
		return false
	}
	if len(name) < 3 || !strings.HasPrefix(name, "Is") || !unicode.IsUpper(rune(name[2])) {
		return false
	}
	return sig.Results().Len() == 1 && k8sapi.IsError(sig.Results().At(0).Type())
}

// message names the call whose error is dropped and the interval of the poll.
func (c *checker) message(call *ssa.Call, after ssa.Value, chain []string) string {
	what := "the call"
	if call != nil {
		if ce := c.s.CallExpr(call); ce != nil {
			what = types.ExprString(ce.Fun)
		}
	}
	rate := "at a fixed interval"
	if k, ok := after.(*ssa.Const); ok && k.Value != nil {
		if n, ok := constant.Int64Val(constant.ToInt(k.Value)); ok {
			rate = "every " + time.Duration(n).String()
		}
	}
	return fmt.Sprintf(msg, what, rate, analyzerutil.Chain(chain))
}
