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
}

var (
	detectors []Detector
	effects   []Effect
)

// register adds a detector; call it from an init function.
func register(d Detector) {
	detectors = append(detectors, d)
	for _, e := range effects {
		if e == d.Effect {
			return
		}
	}
	effects = append(effects, d.Effect)
}
