package recssa

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// MayBeNonNil reports whether the error (or other nillable) value v may be non-nil when
// control reaches block at. It is false for a nil constant, for a φ whose incoming
// values are all provably nil on their edges, and for a value tested against nil by a
// branch whose nil side dominates at (`if err != nil { return ... }` before at).
func MayBeNonNil(v ssa.Value, at *ssa.BasicBlock) bool {
	return mayBeNonNil(v, at, map[ssa.Value]bool{})
}

func mayBeNonNil(v ssa.Value, at *ssa.BasicBlock, seen map[ssa.Value]bool) bool {
	if NilTested(v, at) {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return !v.IsNil()
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL || seen[v] {
			return !ok || v.Op != token.MUL
		}
		seen[v] = true
		defer delete(seen, v)
		for _, st := range ReachingStores(v, a) {
			ctx := st.Block()
			if ctx == v.Block() {
				ctx = at
			}
			if st.Addr != a || mayBeNonNil(st.Val, ctx, seen) {
				return true
			}
		}
		return false
	case *ssa.Phi:
		if seen[v] {
			return false
		}
		seen[v] = true
		defer delete(seen, v)
		for i, e := range v.Edges {
			if mayBeNonNil(e, v.Block().Preds[i], seen) {
				return true
			}
		}
		return false
	}
	return true
}

// NilTested reports whether block at is reached only through the nil side of a
// comparison of v with nil.
func NilTested(v ssa.Value, at *ssa.BasicBlock) bool {
	if at == nil {
		return false
	}
	for _, b := range at.Parent().Blocks {
		nilSucc := NilSucc(b, v)
		if nilSucc != nil && len(nilSucc.Preds) == 1 && nilSucc.Dominates(at) {
			return true
		}
	}
	return false
}

// NilSucc returns, when block b ends with `if v == nil` or `if v != nil`, the successor
// taken when v is nil; otherwise nil.
func NilSucc(b *ssa.BasicBlock, v ssa.Value) *ssa.BasicBlock {
	if len(b.Instrs) == 0 {
		return nil
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return nil
	}
	if !(cmp.X == v && isNil(cmp.Y) || cmp.Y == v && isNil(cmp.X)) {
		return nil
	}
	if cmp.Op == token.EQL {
		return b.Succs[0]
	}
	return b.Succs[1]
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// Derives reports whether v is src or is computed from it: through φ-nodes,
// conversions, loads of variables it was stored in, and calls that take it as an
// argument (fmt.Errorf("%w", err), errors.Join, a wrapping helper), except calls for
// which stop returns true.
func Derives(v, src ssa.Value, stop func(*ssa.Call) bool) bool {
	return derives(v, src, stop, map[ssa.Value]bool{})
}

func derives(v, src ssa.Value, stop func(*ssa.Call) bool, seen map[ssa.Value]bool) bool {
	if v == src {
		return true
	}
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			if derives(e, src, stop, seen) {
				return true
			}
		}
	case *ssa.MakeInterface:
		return derives(v.X, src, stop, seen)
	case *ssa.ChangeInterface:
		return derives(v.X, src, stop, seen)
	case *ssa.ChangeType:
		return derives(v.X, src, stop, seen)
	case *ssa.TypeAssert:
		return derives(v.X, src, stop, seen)
	case *ssa.Slice:
		return derives(v.X, src, stop, seen)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return false
		}
		if a, ok := v.X.(*ssa.Alloc); ok {
			for _, st := range ReachingStores(v, a) {
				if derives(st.Val, src, stop, seen) {
					return true
				}
			}
			return false
		}
		return derives(v.X, src, stop, seen)
	case *ssa.Alloc:
		// Values stored into the variable, or into elements of the array (the
		// variadic arguments of fmt.Errorf).
		for _, val := range StoredValues(v) {
			if derives(val, src, stop, seen) {
				return true
			}
		}
	case *ssa.Call:
		if stop != nil && stop(v) {
			return false
		}
		for _, a := range v.Call.Args {
			if derives(a, src, stop, seen) {
				return true
			}
		}
	}
	return false
}

// StoredValues returns the values stored into the variable a, directly or into its
// elements and fields.
func StoredValues(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	refs := a.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				out = append(out, r.Val)
			}
		case *ssa.IndexAddr, *ssa.FieldAddr:
			if rr := r.(ssa.Value).Referrers(); rr != nil {
				for _, s := range *rr {
					if s, ok := s.(*ssa.Store); ok && s.Addr == r.(ssa.Value) {
						out = append(out, s.Val)
					}
				}
			}
		}
	}
	return out
}

// Returns returns the return instructions of fn.
func Returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, r)
		}
	}
	return out
}

// Reachable reports whether block to is reachable from block from (from itself
// included).
func Reachable(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// FieldName returns the name of the field that fa addresses.
func FieldName(fa *ssa.FieldAddr) string {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}

// ReachingStores returns the stores into the variable a that the load may read: the
// last store before it in its block if there is one; otherwise every store (into the
// variable, its elements or fields) from which the load's block can be reached along a
// path that does not store into the variable itself again. A store into a field or an
// element does not hide an earlier store of the whole variable.
func ReachingStores(load ssa.Instruction, a *ssa.Alloc) []*ssa.Store {
	b := load.Block()
	idx := -1
	for i, instr := range b.Instrs {
		if instr == load {
			idx = i
		}
	}
	for i := idx - 1; i >= 0; i-- {
		if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == a {
			return []*ssa.Store{st}
		}
	}
	all := storesInto(a)
	last := map[*ssa.BasicBlock]int{} // index of the last store of the whole variable in each block
	for _, st := range all {
		if st.st.Addr == a && st.index+1 > last[st.block] {
			last[st.block] = st.index + 1
		}
	}
	var out []*ssa.Store
	for _, st := range all {
		if st.block == b && st.index < idx {
			out = append(out, st.st) // a field or element store before the load
			continue
		}
		if n := last[st.block]; n > 0 && n-1 > st.index {
			continue // the whole variable is stored again later in the block
		}
		if reachesAvoiding(st.block.Succs, b, last) {
			out = append(out, st.st)
		}
	}
	return out
}

// reachesAvoiding reports whether block to can be reached from one of the blocks from
// without passing through a block that stores the whole variable (kill), to excepted.
func reachesAvoiding(from []*ssa.BasicBlock, to *ssa.BasicBlock, kill map[*ssa.BasicBlock]int) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), from...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] || kill[b] > 0 {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

type store struct {
	st    *ssa.Store
	block *ssa.BasicBlock
	index int
}

func storesInto(a *ssa.Alloc) []store {
	var out []store
	add := func(st *ssa.Store) {
		for i, instr := range st.Block().Instrs {
			if instr == st {
				out = append(out, store{st, st.Block(), i})
			}
		}
	}
	refs := a.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				add(r)
			}
		case *ssa.IndexAddr, *ssa.FieldAddr:
			if rr := r.(ssa.Value).Referrers(); rr != nil {
				for _, s := range *rr {
					if s, ok := s.(*ssa.Store); ok && s.Addr == r.(ssa.Value) {
						add(s)
					}
				}
			}
		}
	}
	return out
}
