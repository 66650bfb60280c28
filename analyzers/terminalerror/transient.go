package terminalerror

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

// transientTests are the functions of apimachinery's api/errors whose true result says
// the failure is transient: the same request may well succeed on a retry.
var transientTests = map[string]bool{
	"IsConflict":           true,
	"IsTimeout":            true,
	"IsServerTimeout":      true,
	"IsTooManyRequests":    true,
	"IsInternalError":      true,
	"IsServiceUnavailable": true,
}

// transientTest is a branch taken only when an error is transient.
type transientTest struct {
	err  ssa.Value       // the tested error
	neg  bool            // the condition is true when the error is not transient
	name string          // the test, as the message names it
	pos  token.Pos       // position of the test
	from *ssa.BasicBlock // the block of the branch
	succ *ssa.BasicBlock // the successor taken when the error is transient
}

// transient returns the test that makes the argument of the TerminalError call at
// transient, or nil: every path from the function's entry to the call takes the
// transient side of a test (apierrors.IsConflict and the like, errors.Is with
// context.DeadlineExceeded, a net.Error's Timeout) of an error the argument derives
// from.
func transient(fn *ssa.Function, at *ssa.Call) *transientTest {
	if len(at.Call.Args) != 1 || len(fn.Blocks) == 0 {
		return nil
	}
	arg := at.Call.Args[0]
	var tests []*transientTest
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		t := testOf(iff.Cond)
		if t == nil || !recssa.Derives(arg, canonical(t.err), nil) {
			continue
		}
		t.from = b
		t.succ = b.Succs[0]
		if t.neg {
			t.succ = b.Succs[1]
		}
		tests = append(tests, t)
	}
	if len(tests) == 0 {
		return nil
	}
	// Can the call be reached from the entry without taking a transient edge?
	cut := map[[2]*ssa.BasicBlock]bool{}
	for _, t := range tests {
		cut[[2]*ssa.BasicBlock{t.from, t.succ}] = true
	}
	seen := map[*ssa.BasicBlock]bool{fn.Blocks[0]: true}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == at.Block() {
			return nil
		}
		for _, s := range b.Succs {
			if !seen[s] && !cut[[2]*ssa.BasicBlock{b, s}] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	if !recssa.Reachable(fn.Blocks[0], at.Block()) {
		return nil
	}
	// Name the nearest test: the one whose branch dominates the call, else the first.
	best := tests[0]
	for _, t := range tests {
		if t.from.Dominates(at.Block()) && (!best.from.Dominates(at.Block()) || best.from.Dominates(t.from)) {
			best = t
		}
	}
	return best
}

// canonical returns the value held by a variable at a load, when one store reaches it:
// an error captured by a closure lives in a variable, and each read of it is a load.
func canonical(v ssa.Value) ssa.Value {
	for range 8 {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return v
		}
		a, ok := u.X.(*ssa.Alloc)
		if !ok {
			return v
		}
		st := recssa.ReachingStores(u, a)
		if len(st) != 1 {
			return v
		}
		v = st[0].Val
	}
	return v
}

// testOf returns the transient test that cond is, or nil.
func testOf(cond ssa.Value) *transientTest {
	neg := false
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		neg = !neg
		cond = u.X
	}
	var t *transientTest
	switch c := cond.(type) {
	case *ssa.Call:
		t = callTest(c)
	case *ssa.BinOp:
		if c.Op == token.EQL || c.Op == token.NEQ {
			for _, p := range [][2]ssa.Value{{c.X, c.Y}, {c.Y, c.X}} {
				if isDeadlineExceeded(p[1]) {
					t = &transientTest{err: stripIface(p[0]), name: "a comparison with context.DeadlineExceeded", pos: c.Pos()}
					if c.Op == token.NEQ {
						neg = !neg
					}
					break
				}
			}
		}
	}
	if t == nil {
		return nil
	}
	t.neg = neg
	return t
}

func callTest(c *ssa.Call) *transientTest {
	if c.Call.IsInvoke() {
		// ne.Timeout() of a net.Error taken from the error.
		if c.Call.Method.Name() != "Timeout" || !isNetError(c.Call.Value.Type()) {
			return nil
		}
		if e := netErrorSource(c.Call.Value); e != nil {
			return &transientTest{err: e, name: "the Timeout of a net.Error", pos: c.Pos()}
		}
		return nil
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil || len(c.Call.Args) == 0 {
		return nil
	}
	obj := fn.Object()
	switch path := obj.Pkg().Path(); {
	case path == k8sapi.APIErrorsPkg && transientTests[obj.Name()]:
		return &transientTest{err: stripIface(c.Call.Args[0]), name: "apierrors." + obj.Name(), pos: c.Pos()}
	case path == "errors" && obj.Name() == "Is" && len(c.Call.Args) == 2 && isDeadlineExceeded(c.Call.Args[1]):
		return &transientTest{err: stripIface(c.Call.Args[0]), name: "errors.Is with context.DeadlineExceeded", pos: c.Pos()}
	}
	return nil
}

// netErrorSource returns the error a net.Error value was taken from: a type assertion
// of it, or a variable filled by errors.As(err, &ne).
func netErrorSource(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.Extract:
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
			return stripIface(ta.X)
		}
	case *ssa.TypeAssert:
		return stripIface(v.X)
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL {
			return nil
		}
		for _, r := range *a.Referrers() {
			mi, ok := r.(*ssa.MakeInterface)
			if !ok {
				continue
			}
			for _, rr := range *mi.Referrers() {
				call, ok := rr.(*ssa.Call)
				if !ok {
					continue
				}
				if f := call.Call.StaticCallee(); f != nil && f.Object() != nil && f.Object().Pkg() != nil &&
					f.Object().Pkg().Path() == "errors" && f.Object().Name() == "As" && len(call.Call.Args) == 2 {
					return stripIface(call.Call.Args[0])
				}
			}
		}
	}
	return nil
}

func isNetError(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net" && n.Obj().Name() == "Error"
}

// isDeadlineExceeded reports whether v is a read of context.DeadlineExceeded.
func isDeadlineExceeded(v ssa.Value) bool {
	v = stripIface(v)
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	return ok && g.Object() != nil && g.Object().Pkg() != nil && g.Object().Pkg().Path() == "context" && g.Name() == "DeadlineExceeded"
}

func stripIface(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}
