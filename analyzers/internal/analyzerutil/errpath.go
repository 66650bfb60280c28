package analyzerutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/reach"
	"github.com/reconcilelint/reconcilelint/passes/recssa"
)

// The error-path questions that the SSA rules (droppederr, resulterr, errpoll, waiterr,
// permanenterr, priorityonly) ask of one function: what a Result returned there
// requeues, which calls only log, which branch a test of an error takes when the call
// failed. They work on the SSA form that recssa builds once per package.

// Referrers returns the instructions that use v, debug references left out.
func Referrers(v ssa.Value) []ssa.Instruction {
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Instruction
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			out = append(out, r)
		}
	}
	return out
}

// IsNilConst reports whether v is the constant nil.
func IsNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// ZeroResult reports whether the Result value v is certainly zero in its requeue
// fields: a zero constant, or a literal or variable that never sets Requeue or
// RequeueAfter to anything but a constant false or ≤ 0.
func ZeroResult(v ssa.Value) bool { return zeroResult(v, map[ssa.Value]bool{}) }

func zeroResult(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !zeroResult(e, seen) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL {
			return false
		}
		reaching := map[*ssa.Store]bool{}
		for _, st := range recssa.ReachingStores(v, a) {
			reaching[st] = true
		}
		for _, ref := range Referrers(a) {
			switch ref := ref.(type) {
			case *ssa.Store:
				if reaching[ref] && !zeroResult(ref.Val, seen) {
					return false
				}
			case *ssa.FieldAddr:
				name := recssa.FieldName(ref)
				if name != "Requeue" && name != "RequeueAfter" {
					continue
				}
				for _, st := range Referrers(ref) {
					st, ok := st.(*ssa.Store)
					if !ok {
						continue
					}
					c, ok := st.Val.(*ssa.Const)
					if !ok {
						return false
					}
					if c.Value == nil {
						continue
					}
					if c.Value.Kind() == constant.Bool {
						if constant.BoolVal(c.Value) {
							return false
						}
					} else if constant.Sign(c.Value) > 0 {
						return false
					}
				}
			case *ssa.UnOp:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// RequeueAfter returns the RequeueAfter that the Result value v, returned in block at,
// may carry when it is positive: the value stored into the field (a constant, or
// another value) by a store from which at can be reached, and true. A store in a block
// reached only when the error value err is nil does not count (nil err: none is
// excluded). It returns nil, false when the RequeueAfter is certainly zero or negative
// there, or when v is not a literal or variable of this function (a Result returned by
// a call is judged where it is built).
func RequeueAfter(v ssa.Value, at *ssa.BasicBlock, err ssa.Value) (ssa.Value, bool) {
	return requeueAfter(v, at, err, map[ssa.Value]bool{})
}

func requeueAfter(v ssa.Value, at *ssa.BasicBlock, err ssa.Value, seen map[ssa.Value]bool) (ssa.Value, bool) {
	if seen[v] {
		return nil, false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for i, e := range v.Edges {
			if d, ok := requeueAfter(e, v.Block().Preds[i], err, seen); ok {
				return d, true
			}
		}
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || a.Referrers() == nil {
			return nil, false
		}
		for _, st := range recssa.ReachingStores(v, a) {
			if st.Addr == a {
				if d, ok := requeueAfter(st.Val, st.Block(), err, seen); ok {
					return d, true
				}
			}
		}
		for _, ref := range *a.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || recssa.FieldName(fa) != "RequeueAfter" || fa.Referrers() == nil {
				continue
			}
			for _, st := range *fa.Referrers() {
				if st, ok := st.(*ssa.Store); ok && st.Addr == fa && recssa.Reachable(st.Block(), at) && positive(st.Val) &&
					(err == nil || !recssa.NilTested(err, st.Block())) {
					return st.Val, true
				}
			}
		}
	}
	return nil, false
}

// positive reports whether the duration v may be positive: anything but a constant ≤ 0.
func positive(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return true
	}
	if c.Value == nil {
		return false
	}
	return constant.Sign(c.Value) > 0
}

// loggingPkgs lists packages whose functions and methods only report what they are
// given: loggers and event recorders.
var loggingPkgs = []string{
	"github.com/go-logr/logr", "k8s.io/klog", "k8s.io/klog/v2", "log", "log/slog",
	"go.uber.org/zap", "github.com/sirupsen/logrus", "k8s.io/client-go/tools/record",
	"k8s.io/client-go/tools/events",
}

// Logging reports whether the call is a call of a logger or event recorder, or of
// fmt's Print and Fprint families.
func Logging(c *ssa.CallCommon) bool {
	var obj types.Object
	if c.IsInvoke() {
		obj = c.Method
	} else if fn := c.StaticCallee(); fn != nil {
		obj = fn.Object()
	}
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	path := obj.Pkg().Path()
	if path == "fmt" {
		return strings.Contains(obj.Name(), "print") || strings.HasPrefix(obj.Name(), "Print") || strings.HasPrefix(obj.Name(), "Fprint")
	}
	for _, p := range loggingPkgs {
		if path == p {
			return true
		}
	}
	return false
}

// ErrPredicate reports whether c is apierrors.IsXxx(v) or errors.Is(v, ...).
func ErrPredicate(c *ssa.Call, v ssa.Value) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil || len(c.Call.Args) == 0 || c.Call.Args[0] != v {
		return false
	}
	path, name := fn.Object().Pkg().Path(), fn.Name()
	return path == k8sapi.APIErrorsPkg && strings.HasPrefix(name, "Is") || path == "errors" && name == "Is"
}

// CondIf returns the If instruction that ends block b, or nil.
func CondIf(b *ssa.BasicBlock) *ssa.If {
	if len(b.Instrs) == 0 {
		return nil
	}
	ifi, _ := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi
}

// ErrNilTest is a block ending in a comparison of an error value with nil: Failed is
// the successor taken when the error is non-nil.
type ErrNilTest struct {
	Block  *ssa.BasicBlock
	Err    ssa.Value
	Failed *ssa.BasicBlock
}

// ErrNilTests returns the comparisons of error values with nil in fn whose failed
// side is a branch of its own (only the failed test reaches it).
func ErrNilTests(fn *ssa.Function) []ErrNilTest {
	var out []ErrNilTest
	for _, b := range fn.Blocks {
		ifi := CondIf(b)
		if ifi == nil {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		v := cmp.X
		if IsNilConst(v) {
			v = cmp.Y
		} else if !IsNilConst(cmp.Y) {
			continue
		}
		if IsNilConst(v) || !k8sapi.IsError(v.Type()) {
			continue
		}
		failed := b.Succs[0]
		if cmp.Op == token.EQL {
			failed = b.Succs[1]
		}
		if len(failed.Preds) != 1 {
			// `if err == nil { ... }` with no else: the failed side is the join after
			// the if, which the success path reaches too.
			continue
		}
		out = append(out, ErrNilTest{Block: b, Err: v, Failed: failed})
	}
	return out
}

// Between returns the blocks on every path from the entry of block from to block to:
// the blocks that from dominates and that dominate to, to included (from must dominate
// to).
func Between(from, to *ssa.BasicBlock) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for b := to; b != nil; b = b.Idom() {
		out = append(out, b)
		if b == from {
			return out
		}
	}
	return nil
}

// OriginCall returns the call whose error v holds: the call itself, the call of the
// tuple v is extracted from, the one call a variable holding v was stored from, or the
// argument of an error filter (client.IgnoreNotFound). It returns nil when there is
// no single call.
func OriginCall(v ssa.Value) *ssa.Call {
	for range 8 {
		switch x := v.(type) {
		case *ssa.Call:
			if fn := x.Call.StaticCallee(); fn != nil && fn.Object() != nil && len(x.Call.Args) == 1 &&
				(k8sapi.IsObj(fn.Object(), k8sapi.ClientPkg, "IgnoreNotFound") || k8sapi.IsObj(fn.Object(), k8sapi.ClientPkg, "IgnoreAlreadyExists")) {
				v = x.Call.Args[0]
				continue
			}
			return x
		case *ssa.Extract:
			c, _ := x.Tuple.(*ssa.Call)
			return c
		case *ssa.UnOp:
			a, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL {
				return nil
			}
			sts := recssa.ReachingStores(x, a)
			if len(sts) != 1 || sts[0].Addr != a {
				return nil
			}
			v = sts[0].Val
		default:
			return nil
		}
	}
	return nil
}

// FreshErrors returns the calls that make the error value v when every non-nil value it
// may hold is made fresh, from a message alone: errors.New, fmt.Errorf with no %w verb
// and no error operand, and their github.com/pkg/errors counterparts (New, Errorf).
// It returns nil when some value of v is not (an error of a call, a wrapped error, a
// value of another kind).
func FreshErrors(v ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	if !fresh(v, &out, map[ssa.Value]bool{}) {
		return nil
	}
	return out
}

func fresh(v ssa.Value, out *[]*ssa.Call, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !fresh(e, out, seen) {
				return false
			}
		}
		return true
	case *ssa.MakeInterface:
		return fresh(x.X, out, seen)
	case *ssa.ChangeInterface:
		return fresh(x.X, out, seen)
	case *ssa.Call:
		if FreshConstructor(x) {
			*out = append(*out, x)
			return true
		}
	}
	return false
}

// FreshConstructor reports whether c makes an error from a message alone: errors.New,
// fmt.Errorf with no %w verb and no error operand, github.com/pkg/errors New and
// Errorf under the same condition.
func FreshConstructor(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil {
		return false
	}
	path, name := fn.Object().Pkg().Path(), fn.Name()
	switch {
	case path == "errors" && name == "New", path == "github.com/pkg/errors" && name == "New":
		return true
	case path == "fmt" && name == "Errorf", path == "github.com/pkg/errors" && name == "Errorf":
	default:
		return false
	}
	if len(c.Call.Args) == 0 {
		return false
	}
	if f, ok := c.Call.Args[0].(*ssa.Const); !ok || f.Value == nil || f.Value.Kind() != constant.String ||
		strings.Contains(constant.StringVal(f.Value), "%w") {
		return false
	}
	if len(c.Call.Args) < 2 {
		return true
	}
	// The variadic operands: an array whose elements are stored before the slice.
	sl, ok := c.Call.Args[1].(*ssa.Slice)
	if !ok {
		return IsNilConst(c.Call.Args[1])
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, val := range recssa.StoredValues(arr) {
		if mi, ok := val.(*ssa.MakeInterface); ok {
			val = mi.X
		}
		if k8sapi.IsError(val.Type()) {
			return false
		}
	}
	return true
}

// UnderFailure reports whether block b of fn is reached only through the failed side
// of a test of an error: the non-nil side of a comparison with nil, or the true side of
// an error predicate (apierrors.IsXxx(err), errors.Is(err, x)).
func UnderFailure(fn *ssa.Function, b *ssa.BasicBlock) bool {
	for _, t := range ErrNilTests(fn) {
		if t.Failed.Dominates(b) {
			return true
		}
	}
	for _, blk := range fn.Blocks {
		ifi := CondIf(blk)
		if ifi == nil {
			continue
		}
		if c, ok := ifi.Cond.(*ssa.Call); ok && len(c.Call.Args) > 0 && ErrPredicate(c, c.Call.Args[0]) &&
			len(blk.Succs[0].Preds) == 1 && blk.Succs[0].Dominates(b) {
			return true
		}
	}
	return false
}

// apiObject returns the name of the Kubernetes API object type that t is or points to
// (a struct that embeds metav1.ObjectMeta: Deployment, a custom resource) and the
// import path of its package, or "", "".
func apiObject(t types.Type) (string, string) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return "", ""
	}
	for f := range st.Fields() {
		if f.Embedded() && k8sapi.IsType(f.Type(), k8sapi.MetaV1Pkg, "ObjectMeta") {
			if n := k8sapi.Named(t); n != nil && n.Obj().Pkg() != nil {
				return n.Obj().Name(), n.Obj().Pkg().Path()
			}
			return "object", ""
		}
	}
	return "", ""
}

// StateRead is what a condition reads of an API object: the Status or Spec field of a
// kind, or an object given to a function or method (a helper that reads its state).
type StateRead struct {
	Kind  string // the object's type name: "Deployment", "App"
	Pkg   string // the import path of the package that declares it
	Field string // "Status", "Spec", or "" for an object given to a call
}

// BuiltIn reports whether the object is a kind of Kubernetes itself (declared under
// k8s.io/: a Pod, a Service, a CustomResourceDefinition), not a custom resource.
func (r StateRead) BuiltIn() bool { return strings.HasPrefix(r.Pkg, "k8s.io/") }

// StateOf returns what the boolean v (the condition of an if) reads of an API object's
// state, preferring a Status field to a Spec field to an object given to a call; ok is
// false when it reads none. The object's metadata (finalizers, deletion timestamp,
// labels) is not state.
func StateOf(v ssa.Value) (StateRead, bool) {
	var best StateRead
	found := false
	rank := func(r StateRead) int {
		switch r.Field {
		case "Status":
			return 3
		case "Spec":
			return 2
		}
		return 1
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > 10 || k8sapi.IsError(v.Type()) {
			return // an error is not an object's state
		}
		seen[v] = true
		note := func(r StateRead) {
			if !found || rank(r) > rank(best) {
				best, found = r, true
			}
		}
		// stateField notes a Status or Spec field of an API object (the struct or
		// pointer x) and reports whether it did.
		stateField := func(x ssa.Value, name string) bool {
			if name != "Status" && name != "Spec" {
				return false
			}
			k, pkg := apiObject(x.Type())
			if k != "" {
				note(StateRead{Kind: k, Pkg: pkg, Field: name})
			}
			return k != ""
		}
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if !stateField(x.X, recssa.FieldName(x)) {
				walk(x.X, depth+1)
			}
		case *ssa.Field:
			name := ""
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
				name = st.Field(x.Field).Name()
			}
			if !stateField(x.X, name) {
				walk(x.X, depth+1)
			}
		case *ssa.UnOp:
			walk(x.X, depth+1)
		case *ssa.BinOp:
			walk(x.X, depth+1)
			walk(x.Y, depth+1)
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.Extract:
			walk(x.Tuple, depth+1)
		case *ssa.Convert:
			walk(x.X, depth+1)
		case *ssa.ChangeType:
			walk(x.X, depth+1)
		case *ssa.MakeInterface:
			walk(x.X, depth+1)
		case *ssa.IndexAddr:
			walk(x.X, depth+1)
		case *ssa.Index:
			walk(x.X, depth+1)
		case *ssa.Slice:
			walk(x.X, depth+1)
		case *ssa.Call:
			// A predicate or a lookup of the state it is given (IsStatusConditionTrue,
			// FindStatusCondition, app.IsReady()); not a call that does I/O, which
			// takes a context or returns an error beside its value: what it returns
			// is its answer, not the object's state.
			if metadataCall(&x.Call) {
				return
			}
			if _, tuple := x.Type().(*types.Tuple); tuple {
				return
			}
			for _, a := range x.Call.Args {
				if k8sapi.IsContext(a.Type()) {
					return
				}
			}
			args := x.Call.Args
			if x.Call.IsInvoke() {
				args = append([]ssa.Value{x.Call.Value}, args...)
			}
			for _, a := range args {
				before := found
				walk(a, depth+1)
				if !before && !found {
					if k, pkg := apiObject(a.Type()); k != "" && !isObjectMeta(a.Type()) {
						note(StateRead{Kind: k, Pkg: pkg})
					}
				}
			}
		}
	}
	walk(v, 0)
	return best, found
}

// metadataCall reports whether the call reads only an object's metadata: a method of
// metav1.ObjectMeta (GetDeletionTimestamp, GetFinalizers, ...) or a function of
// controllerutil (ContainsFinalizer, HasOwnerReference).
func metadataCall(c *ssa.CallCommon) bool {
	var obj types.Object
	if c.IsInvoke() {
		obj = c.Method
	} else if fn := c.StaticCallee(); fn != nil {
		obj = fn.Object()
	}
	f, ok := obj.(*types.Func)
	if !ok || f.Pkg() == nil {
		return false
	}
	if f.Pkg().Path() == k8sapi.ControllerutilPkg || f.Pkg().Path() == k8sapi.MetaV1Pkg {
		return true
	}
	if recv := f.Signature().Recv(); recv != nil && isObjectMeta(recv.Type()) {
		return true
	}
	// Methods of the metav1.Object interface called on any object.
	switch f.Name() {
	case "GetDeletionTimestamp", "GetFinalizers", "GetLabels", "GetAnnotations", "GetName", "GetNamespace",
		"GetGeneration", "GetOwnerReferences", "GetUID", "GetResourceVersion", "GetCreationTimestamp", "GetObjectKind":
		return true
	}
	return false
}

func isObjectMeta(t types.Type) bool {
	return k8sapi.IsType(t, k8sapi.MetaV1Pkg, "ObjectMeta") || k8sapi.IsPointerTo(t, k8sapi.MetaV1Pkg, "ObjectMeta")
}

// Records reports whether the failure is recorded on the object on the way to the
// return: a status write (or a call of a function that writes status), a call that sets
// a condition (a function or method whose name or package mentions conditions:
// meta.SetStatusCondition, cluster-api's conditions.MarkFalse, r.setCondition), a store
// into a field under Status (obj.Status.Message = ...), or the error handed to anything
// but a logger, an event recorder, a formatter or a predicate (a helper that records
// it, an error list). status holds the calls that write status (StatusWrites).
func Records(path []*ssa.BasicBlock, err ssa.Value, status map[token.Pos]bool) bool {
	on := map[*ssa.BasicBlock]bool{}
	for _, b := range path {
		on[b] = true
	}
	for _, b := range path {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case ssa.CallInstruction:
				if status[in.Pos()] || conditionCall(in.Common()) {
					return true
				}
			case *ssa.Store:
				if underStatus(in.Addr) {
					return true
				}
			}
		}
	}
	return kept(err, on, map[ssa.Value]bool{})
}

// conditionCall reports whether the call sets or changes a condition, by the name of
// the function or method or of its package.
func conditionCall(c *ssa.CallCommon) bool {
	var obj types.Object
	if c.IsInvoke() {
		obj = c.Method
	} else if fn := c.StaticCallee(); fn != nil {
		obj = fn.Object()
		if obj == nil && fn.Parent() != nil {
			obj = fn.Parent().Object()
		}
	}
	if obj == nil {
		return false
	}
	name := strings.ToLower(obj.Name())
	if strings.Contains(name, "condition") && !strings.HasPrefix(name, "get") && !strings.HasPrefix(name, "is") && !strings.HasPrefix(name, "has") && !strings.HasPrefix(name, "find") {
		return true
	}
	return obj.Pkg() != nil && strings.Contains(strings.ToLower(obj.Pkg().Name()), "conditions") &&
		(strings.HasPrefix(name, "mark") || strings.HasPrefix(name, "set"))
}

// underStatus reports whether addr is a field reached through a field named Status.
func underStatus(addr ssa.Value) bool {
	for range 8 {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		if recssa.FieldName(fa) == "Status" {
			return true
		}
		addr = fa.X
		if u, ok := addr.(*ssa.UnOp); ok && u.Op == token.MUL {
			addr = u.X
		}
	}
	return false
}

// kept reports whether v (the error, or a value made from it) is used on the path in
// a way that keeps it: stored, or given to a function that is not a logger, an event
// recorder, a formatter (fmt.Sprintf, fmt.Errorf, err.Error(), errors.Wrap, whose
// result is followed) or a predicate (a bool result).
func kept(v ssa.Value, on map[*ssa.BasicBlock]bool, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, ref := range Referrers(v) {
		if !on[ref.Block()] {
			continue
		}
		switch ref := ref.(type) {
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType, *ssa.Slice:
			if kept(ref.(ssa.Value), on, seen) {
				return true
			}
		case *ssa.Store:
			ia, ok := ref.Addr.(*ssa.IndexAddr)
			if !ok {
				return true
			}
			arr, ok := ia.X.(*ssa.Alloc)
			if !ok {
				return true
			}
			if kept(arr, on, seen) { // the variadic arguments of a call
				return true
			}
		case *ssa.IndexAddr:
		case ssa.CallInstruction:
			common := ref.Common()
			if Logging(common) || logLike(common) {
				continue
			}
			call, ok := ref.(*ssa.Call)
			if !ok {
				return true // go, defer
			}
			if sig := common.Signature(); sig.Results().Len() == 1 {
				t := sig.Results().At(0).Type()
				if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					continue // a predicate
				}
				if formatter(common) && kept(call, on, seen) {
					return true
				}
				if formatter(common) {
					continue
				}
			}
			return true
		}
	}
	return false
}

// logVerbs are the names of logging methods: a method of that name that returns
// nothing is taken for a logger of the module (a scope that wraps logr, as
// cluster-api providers have), which only reports what it is given.
var logVerbs = map[string]bool{
	"Error": true, "Errorf": true, "Info": true, "Infof": true, "Warn": true, "Warnf": true,
	"Warning": true, "Warningf": true, "Debug": true, "Debugf": true, "Trace": true, "Tracef": true,
	"Log": true, "Logf": true, "Print": true, "Printf": true, "Println": true,
}

// logLike reports whether the call is a method with a logging name that returns
// nothing.
func logLike(c *ssa.CallCommon) bool {
	var name string
	if c.IsInvoke() {
		name = c.Method.Name()
	} else if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
		name = fn.Name()
	}
	return logVerbs[name] && c.Signature().Results().Len() == 0
}

// formatter reports whether the call only formats its arguments into a string or an
// error: err.Error(), fmt.Sprint*, fmt.Errorf, errors.New, pkg/errors Wrap*/WithMessage*.
func formatter(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return c.Method.Name() == "Error" || c.Method.Name() == "String"
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Object() == nil || fn.Object().Pkg() == nil {
		return false
	}
	switch fn.Object().Pkg().Path() {
	case "fmt":
		return strings.HasPrefix(fn.Name(), "Sprint") || fn.Name() == "Errorf"
	case "errors", "github.com/pkg/errors", "github.com/cockroachdb/errors":
		return fn.Name() != "Is" && fn.Name() != "As"
	}
	return false
}

// StatusWrites returns the positions (of the left parenthesis) of the calls of the
// package that write status: Status() and SubResource("status") writes, patch helpers,
// and calls of functions that do (reach's StatusWrite sites).
func StatusWrites(r *reach.Result) map[token.Pos]bool {
	out := map[token.Pos]bool{}
	for _, site := range r.Sites(reach.StatusWrite) {
		if call, ok := site.Node.(*ast.CallExpr); ok {
			out[call.Lparen] = true
		}
	}
	return out
}

// Propagation answers whether the error a function of the package returns reaches the
// controller: the function returns (reconcile.Result, error), or a function of the
// package that does returns the error of a call of it, wrapped or not (not made
// terminal), directly or through such functions.
type Propagation struct {
	s       *recssa.Result
	callers map[*ssa.Function][]*ssa.Call
	memo    map[*ssa.Function]bool
}

// NewPropagation returns the Propagation of the package of s.
func NewPropagation(s *recssa.Result) *Propagation {
	return &Propagation{s: s, memo: map[*ssa.Function]bool{}}
}

// Reaches reports whether the error that fn returns reaches the controller.
func (p *Propagation) Reaches(fn *ssa.Function) bool {
	if done, ok := p.memo[fn]; ok {
		return done
	}
	p.memo[fn] = false // recursion
	res := fn.Signature.Results()
	if res.Len() == 2 && k8sapi.IsResult(res.At(0).Type()) {
		p.memo[fn] = true
		return true
	}
	if p.callers == nil {
		p.callers = callSites(p.s)
	}
	for _, call := range p.callers[fn] {
		caller := call.Parent()
		errv := LastResult(call)
		if errv == nil {
			continue
		}
		for _, ret := range recssa.Returns(caller) {
			if ret.Parent() == caller && len(ret.Results) > 0 &&
				recssa.Derives(ret.Results[len(ret.Results)-1], errv, IsTerminal) && p.Reaches(caller) {
				p.memo[fn] = true
				return true
			}
		}
	}
	return false
}

// LastResult returns the value of the call's last result (its error), or nil when it
// is not used.
func LastResult(call *ssa.Call) ssa.Value {
	tup, ok := call.Type().(*types.Tuple)
	if !ok {
		return call
	}
	for _, ref := range Referrers(call) {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == tup.Len()-1 {
			return ex
		}
	}
	return nil
}

// IsTerminal reports whether c is a call of reconcile.TerminalError.
func IsTerminal(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Object() != nil && k8sapi.IsObj(fn.Object(), k8sapi.ReconcilePkg, "TerminalError")
}

// callSites maps each function of the package (declared or literal) to its static
// call sites in the package.
func callSites(s *recssa.Result) map[*ssa.Function][]*ssa.Call {
	out := map[*ssa.Function][]*ssa.Call{}
	for _, fn := range s.All() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Call.StaticCallee(); callee != nil {
						out[callee] = append(out[callee], call)
					}
				}
			}
		}
	}
	return out
}

// SSAFunc is a function reached from a reconcile entry point, with its SSA form and the
// chain from the entry point (for messages).
type SSAFunc struct {
	Node  ast.Node // the *ast.FuncDecl or *ast.FuncLit
	Fn    *ssa.Function
	Chain []string
}

// ReachedSSA yields the functions reached from a reconcile entry point that have an SSA
// form, outside the files rep skips; nothing when the package has none (no entry
// point). The analyzer must require reach.Analyzer and recssa.Analyzer.
func ReachedSSA(pass *analysis.Pass, rep *Reporter) iter.Seq[SSAFunc] {
	return func(yield func(SSAFunc) bool) {
		s := pass.ResultOf[recssa.Analyzer].(*recssa.Result)
		if s.Empty() {
			return
		}
		r := pass.ResultOf[reach.Analyzer].(*reach.Result)
		for _, node := range r.Funcs() {
			if rep.Skip(node.Pos()) {
				continue
			}
			fn := s.Func(node)
			if fn == nil {
				continue
			}
			chain, _ := r.Reached(node)
			if !yield(SSAFunc{node, fn, chain}) {
				return
			}
		}
	}
}

// ReturnsResult reports whether fn returns (reconcile.Result, error).
func ReturnsResult(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 2 && k8sapi.IsResult(res.At(0).Type()) && k8sapi.IsError(res.At(1).Type())
}

// ReturnStmt returns the return statement of ret in the function node, or nil.
func ReturnStmt(node ast.Node, ret *ssa.Return) *ast.ReturnStmt {
	var out *ast.ReturnStmt
	ast.Inspect(node, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && r.Pos() == ret.Pos() && len(r.Results) > 0 {
			out = r
		}
		return out == nil
	})
	return out
}

// AtResult returns a diagnostic for the return ret of the function node, at its i-th
// result when the statement lists its results (at the return keyword otherwise).
func AtResult(node ast.Node, ret *ssa.Return, i int, msg string) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: ret.Pos(), Message: msg}
	if n := ReturnStmt(node, ret); n != nil && len(n.Results) == len(ret.Results) {
		d.Pos, d.End = n.Results[i].Pos(), n.Results[i].End()
	}
	return d
}
