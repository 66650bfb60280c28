package reconcilers

import "github.com/reconcilelint/reconcilelint/passes/entry"

// Points returns the entry points as entry.Points of kind entry.Reconcile.
func (r *Result) Points() []entry.Point {
	out := make([]entry.Point, 0, len(r.entries))
	for _, e := range r.entries {
		out = append(out, entry.Point{Kind: entry.Reconcile, Func: e.Func, Node: e.Node, HasCtx: e.HasCtx, Ctx: e.Ctx})
	}
	return out
}
