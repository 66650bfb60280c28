package reach

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// A Detector finds the direct sites of one effect. Detectors are registered by the
// effect_<name>.go files of this package, in init functions, so that a rule adding an
// effect touches only its own file.
type Detector struct {
	Effect Effect
	// Call returns a short description of the site ("time.Sleep") when call, made on the
	// calling function's goroutine, has the effect; "" otherwise.
	Call func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string
	// Func, when set, returns the direct sites of the effect in the function fn (the
	// cursor of an *ast.FuncDecl or *ast.FuncLit), not in the function literals it
	// contains: for effects that are a property of a function's control flow (a retry
	// loop) rather than of one call.
	Func func(pass *analysis.Pass, fn inspector.Cursor) []Site
	// Barrier, when set, reports whether the effect stops at fn (the cursor of an
	// *ast.FuncDecl or *ast.FuncLit): fn's calls of functions with the effect are still sites, but fn
	// does not get the effect itself, so its callers do not see it. An effect that is a
	// defect of any function that could avoid it (one with a ctx to use) stops there:
	// the finding is at the site, in that function's package, not at every caller.
	Barrier func(pass *analysis.Pass, fn inspector.Cursor) bool
	// Guard, when set, reports whether a call of a function (call, at cur) is made under
	// a guard that makes the effect harmless (a once-guard for a watch): such a call
	// does not give the caller the callee's effect, and a function of this package that
	// other packages cannot call (not exported), called only under guards (or only by
	// such functions), has no sites of the effect.
	Guard func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) bool
}

var (
	detectors []Detector
	effects   []Effect
	barriers  = map[Effect]func(*analysis.Pass, inspector.Cursor) bool{}
	guards    = map[Effect]func(*analysis.Pass, inspector.Cursor, *ast.CallExpr) bool{}
)

// register adds a detector; call it from an init function.
func register(d Detector) {
	detectors = append(detectors, d)
	if d.Barrier != nil {
		barriers[d.Effect] = d.Barrier
	}
	if d.Guard != nil {
		guards[d.Effect] = d.Guard
	}
	for _, e := range effects {
		if e == d.Effect {
			return
		}
	}
	effects = append(effects, d.Effect)
}
