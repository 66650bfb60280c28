// Package entry describes the entry points of every kind in one shape, so that package
// reach and the rules can walk from all of them without knowing which pass found them.
//
// A reconcile entry point (package reconcilers) runs on a controller worker: the
// controller waits for it before it takes the next request of the object, and what it
// returns decides requeueing. A webhook entry point (package webhooks) runs in the
// webhook server while the API server waits for its answer: an admission webhook on
// every create, update or delete of the kinds it covers, a conversion webhook on every
// read and write of a kind in a version other than the stored one. The kind says which,
// so that a rule picks its wording once, from the kind, and never asks again.
package entry

import (
	"go/ast"
	"go/types"
)

// Kind is the kind of an entry point.
type Kind string

// Kinds of entry points.
const (
	// Reconcile: a reconciler's Reconcile (or a reconcile.Func), run by a controller
	// worker.
	Reconcile Kind = "reconcile"
	// Admission: a validating or mutating admission webhook (Handle, Validate*,
	// Default, an http handler registered with the webhook server). The API server
	// waits for it on every create, update or delete of the kinds it covers, with a
	// timeout (10s by default, at most 30s) and a failurePolicy.
	Admission Kind = "admission"
	// Conversion: a conversion webhook (ConvertTo/ConvertFrom of a Convertible, the
	// functions of a spoke converter). The API server calls it on reads as well as
	// writes (lists and watches included) of a kind in a version other than the
	// stored one; a conversion that does not answer fails the request, there is no
	// failurePolicy. It has no request ctx.
	Conversion Kind = "conversion"
)

// Webhook reports whether k is a kind of webhook (admission or conversion).
func (k Kind) Webhook() bool { return k == Admission || k == Conversion }

// Point is one entry point.
type Point struct {
	Kind Kind
	// Func is the declared function or method, nil for a function literal.
	Func *types.Func
	// Node is the *ast.FuncDecl or *ast.FuncLit.
	Node ast.Node
	// HasCtx reports whether the caller passes a request ctx (a context.Context
	// parameter, or the ctx of an *http.Request).
	HasCtx bool
	// Ctx is the context parameter, nil when there is none or it is unnamed.
	Ctx *types.Var
}

// Name is the name that starts the chains of package reach from p: the function's
// name, or "func literal".
func (p Point) Name() string {
	if p.Func == nil {
		return "func literal"
	}
	return p.Func.Name()
}

// Source is a result that lists entry points.
type Source interface {
	Points() []Point
}

// All lists the entry points of every source, in order.
func All(srcs ...Source) []Point {
	var out []Point
	for _, s := range srcs {
		out = append(out, s.Points()...)
	}
	return out
}
