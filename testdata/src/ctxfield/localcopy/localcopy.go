// Package localcopy stores the ctx through local copies of the reconciler's fields.
package localcopy

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type state struct {
	ctx  context.Context
	byNS map[string]context.Context
	sub  *state
}

type snapshot struct {
	ctx context.Context
	sub *state
}

type R struct {
	state *state  // shared with every reconcile
	snap  snapshot // a value: a copy of it is the caller's own
	list  []snapshot
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	st := r.state
	st.ctx = ctx // want `^the reconcile ctx is stored in st.ctx \(st is r.state\), which outlives the call: .* \(Reconcile\)$`
	st.byNS[req.Namespace] = ctx // want `the reconcile ctx is stored in st.byNS\[req.Namespace\] \(st is r.state\)`
	var p *state = r.state
	p.sub.ctx = ctx // want `the reconcile ctx is stored in p.sub.ctx \(p is r.state\)`
	ref := &r.snap
	ref.ctx = ctx // want `the reconcile ctx is stored in ref.ctx \(ref is r.snap\)`
	inner := r.snap.sub
	inner.ctx = ctx // want `the reconcile ctx is stored in inner.ctx \(inner is r.snap.sub\)`
	r.helper(ctx)

	// Not reported: value copies whose ctx is set and used locally.
	snap := r.snap
	snap.ctx = ctx
	use(snap)
	first := r.list[0]
	first.ctx = ctx
	use(first)
	// A local that is not only a copy of a long-lived field.
	local := &state{}
	if req.Name == "" {
		local = r.state
	}
	local.ctx = ctx
	// A fresh local.
	own := &state{}
	own.ctx = ctx
	// A copy whose address is taken: not followed.
	alias := r.state
	pp := &alias
	_ = pp
	alias.ctx = ctx
	return ctrl.Result{}, nil
}

// helper copies the field in a helper that Reconcile reaches.
func (r *R) helper(ctx context.Context) {
	s := r.state
	s.ctx = ctx // want `the reconcile ctx is stored in s.ctx \(s is r.state\).* \(Reconcile → helper\)`
	v := *r.state
	v.ctx = ctx // a value copy of what the pointer points to
}

func use(snapshot) {}
