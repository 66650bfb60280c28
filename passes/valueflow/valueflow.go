// Package valueflow answers, for the sinks that rules judge (a condition's Type, Reason,
// Status or Message, a metric label value, the field owner and the object of a
// server-side apply),
// which values can reach them: constants with their values, error text, object
// identity (name, namespace, UID), strings computed at run time, or values it cannot
// see through.
//
// Within a package the pass follows local variables (every value assigned to them),
// package-level variables that are initialised once and never assigned, conversions,
// string operations (concatenation, fmt.Sprint*, packages strings, path and
// path/filepath), and calls of the package's functions: a value returned by a function is
// what its return statements carry, and a sink fed by a parameter of a function is
// judged at every call of the function, with the argument given there.
//
// Across packages it exports a Summary fact on every exported function and method of
// the module's own packages whose parameters flow into a sink or whose results carry a
// value the pass can tell; so a constant passed in package controllers to a helper in
// package status that calls meta.SetStatusCondition is judged at the call in
// controllers, and the Flow names the helper. For sinks that follow struct fields (the
// field owner), a FieldSinks fact on the field makes every store into it, in any package
// that sees the field, a flow of its own.
//
// Errors are summarised too, for every function of the module's own packages that
// takes part in them (packages that see context.Context): the client calls whose error
// a function returns as its last result (a write, or a Get with the parameter its key
// is built from, and whether NotFound is filtered on the way), and the cleanups whose
// error it, or a function it calls, discards (Discards). ReadAt tells whether an
// object expression holds an object read from the cluster by a Get or List, directly
// or through a helper whose result holds one (Summary.Reads).
//
// Recursion is cut by a guard (a function being summarised contributes nothing to
// itself). Calls through function values are followed when the value is known: a
// function literal called where it stands, or a local variable assigned once, with a
// function literal (a closure: `set := func(reason string) {...}; set("Failed")`) or
// a function or method value (`f := r.setReady`); the parameters of a function
// literal are judged at those calls. Interface method calls and function values from
// elsewhere (parameters, fields) are not followed: the callee is not known statically.
package valueflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// Analyzer computes value flows into sinks, and per-function summaries as facts.
var Analyzer = &analysis.Analyzer{
	Name:       "valueflow",
	Doc:        "compute which values reach condition fields, metric label values, client writes and server-side applies, and which errors and read objects functions return, across functions and packages",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/valueflow",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Summary), new(FieldSinks)},
}

// Sink is a kind of place whose value a rule judges.
type Sink string

// The sinks.
const (
	ConditionType    Sink = "condition Type"
	ConditionReason  Sink = "condition Reason"
	ConditionStatus  Sink = "condition Status"
	ConditionMessage Sink = "condition Message"
	MetricLabel      Sink = "metric label value"
	FieldOwner       Sink = "field owner"
	// AppliedObject is the object of a server-side apply given as a patch
	// (Patch(ctx, obj, client.Apply), also through a status or sub-resource writer).
	AppliedObject Sink = "applied object"
)

// followsFields reports whether values of struct fields are followed to the stores into
// the field for sink s.
func followsFields(s Sink) bool { return s == FieldOwner }

// Kind says where a value comes from.
type Kind int

// The kinds of origins.
const (
	Opaque   Kind = iota // cannot be told: a call of an unknown function, a field, a map lookup
	Const                // a constant (Value holds it)
	Computed             // built at run time by string operations
	ErrText              // error text
	Identity             // object identity (Desc names it)
	Param                // a parameter: judged at the calls of the function
	Field                // a struct field (sinks that follow fields): judged at the stores into it
)

func (k Kind) String() string {
	return [...]string{"opaque", "const", "computed", "error text", "identity", "param", "field"}[k]
}

// Origin is one value that can reach a sink.
type Origin struct {
	Kind  Kind
	Value constant.Value // Const
	Desc  string         // Identity: "the object's name"
	// Node is where the value is written in this package (the constant on the right of
	// an assignment, the return of a helper), or nil when it is written in another
	// package or is the traced expression itself.
	Node ast.Node
	// Via names the functions whose results carry the value, outermost first.
	Via []string
	// Placeholder marks an empty constant assigned to a variable that is assigned other
	// values too (reason := ""; switch ...).
	Placeholder bool
	// Part marks an origin that is only a part of the value (an operand of a
	// concatenation, an argument of fmt.Sprintf).
	Part bool
	// Param: the function (or the function literal) and the index of the parameter (-1:
	// the receiver, or a variadic parameter).
	Func  *types.Func
	Lit   *ast.FuncLit
	Index int
	// Field: the struct field.
	FieldVar *types.Var
}

// Flow is one value that reaches a sink: the expression of this package that holds it
// (the value written at the sink, or the argument given to a helper that passes it on),
// and what it can be.
type Flow struct {
	Sink Sink
	Expr ast.Expr
	// Via is the chain of helpers from Expr to the sink, nil when the sink is here; for a
	// value stored into a struct field, the field and the function that reads it.
	Via     []string
	Origins []Origin
	part    bool // Expr is only a part of the value at the sink
}

// Through names, for a message, the helpers between f.Expr and the sink and those whose
// results carry o: " (returned by status.reason) (passed to status.SetReady, which
// <does>)", or "".
func (f Flow) Through(o Origin, does string) string {
	s := ""
	if len(o.Via) > 0 {
		s += " (returned by " + strings.Join(o.Via, " → ") + ")"
	}
	if len(f.Via) > 0 {
		s += " (passed to " + strings.Join(f.Via, " → ") + ", which " + does + ")"
	}
	return s
}

// Summary is the fact exported on a function of the module's own packages.
type Summary struct {
	Params  []ParamSink
	Results []ResultValue
	// Errors are the client calls whose error the function returns as its last result.
	Errors []ErrSource
	// Swallows are the cleanups whose error the function (or one it calls) discards.
	Swallows []Swallow
	// Reads are the indexes of the results that hold an object read from the cluster
	// (see ReadAt): every return gives a read object or nil there.
	Reads []int
	// Fresh are the indexes of the results that hold an object built in the function
	// (see FreshAt): every return gives a fresh object or nil there.
	Fresh []int
}

// ParamSink says that parameter Index flows into Sink through Chain (the function itself
// first).
type ParamSink struct {
	Index int
	Sink  Sink
	Chain []string
	// Part is true when the parameter is only a part of the value at the sink: the
	// argument's error text and identity count, its constants do not.
	Part bool
}

// ResultValue is one value that result Index can carry.
type ResultValue struct {
	Index int
	Kind  Kind   // Const (a string constant), ErrText, Identity, Param or Opaque
	Str   string // Const
	Desc  string // Identity
	Param int    // Param: the index of the parameter returned
	Part  bool   // Param: the parameter is only a part of the result (its constants do not count)
	Chain []string
}

// FieldSinks is the fact exported on a struct field whose value flows into sinks.
type FieldSinks struct {
	Sinks []ParamSink // Index unused
}

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

// AFact implements analysis.Fact.
func (*FieldSinks) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for _, p := range s.Params {
		part := ""
		if p.Part {
			part = " (part)"
		}
		parts = append(parts, "param "+itoa(p.Index)+" → "+string(p.Sink)+part+" via "+strings.Join(p.Chain, " → "))
	}
	for _, r := range s.Results {
		v := r.Kind.String()
		switch r.Kind {
		case Const:
			v += " " + quote(r.Str)
		case Identity:
			v += " " + r.Desc
		case Param:
			v += " " + itoa(r.Param)
			if r.Part {
				v += " (part)"
			}
		}
		parts = append(parts, "result "+itoa(r.Index)+": "+v)
	}
	for _, e := range s.Errors {
		parts = append(parts, e.String())
	}
	for _, w := range s.Swallows {
		parts = append(parts, w.String())
	}
	for _, i := range s.Reads {
		parts = append(parts, "result "+itoa(i)+": read from the cluster")
	}
	for _, i := range s.Fresh {
		parts = append(parts, "result "+itoa(i)+": built fresh")
	}
	return strings.Join(parts, "; ")
}

func (f *FieldSinks) String() string {
	var parts []string
	for _, p := range f.Sinks {
		parts = append(parts, string(p.Sink)+" via "+strings.Join(p.Chain, " → "))
	}
	return strings.Join(parts, "; ")
}

func itoa(i int) string         { return constant.MakeInt64(int64(i)).String() }
func quote(s string) string     { return constant.MakeString(s).ExactString() }
func (r *Result) Flows() []Flow { return r.flows }

// Result is the value flow of one package.
type Result struct {
	// mu serialises the methods that compute summaries of this package's functions on
	// first use (ErrSources, Swallows, ReadResults, FreshAt, ReadAt): the rules of one
	// package run concurrently and share this Result, and the memos are plain maps.
	mu      sync.Mutex
	flows   []Flow
	applies []Apply
	assigns map[*types.Var][]ast.Expr
	based   map[*types.Var]map[string]bool
	errs    *errState
	st      *analysisState // nil when the package has no summaries
}

// FlowsTo returns the flows into sink s, in source order.
func (r *Result) FlowsTo(s Sink) []Flow {
	var out []Flow
	for _, f := range r.flows {
		if f.Sink == s {
			out = append(out, f)
		}
	}
	return out
}

// Values returns the values assigned to the local variable v in the function that
// declares it; an Unknown entry stands for an assignment whose value cannot be told (a
// tuple, an operator assignment, &v taken, a range variable) and a Zero entry for a
// declaration without a value.
func (r *Result) Values(v *types.Var) []ast.Expr { return r.assigns[v] }

// Unknown and Zero are the markers of Values.
var (
	Unknown ast.Expr = &ast.BadExpr{}
	Zero    ast.Expr = &ast.BadExpr{}
)

// FieldAssigned reports whether v.field = ... occurs in the package.
func (r *Result) FieldAssigned(v *types.Var, field string) bool { return r.based[v][field] }

// ---------------------------------------------------------------------------

type paramRef struct {
	fn    *types.Func
	lit   *ast.FuncLit // a parameter of a function literal
	index int          // -1: a receiver, or a variadic parameter
}

type analysisState struct {
	pass    *analysis.Pass
	own     bool
	assigns map[*types.Var][]ast.Expr // local and package-level variables (package level: not the initialiser)
	inits   map[*types.Var]ast.Expr   // package-level initialisers
	fields  map[*types.Var][]ast.Expr // stores into struct fields (Unknown: &x.f, unkeyed)
	elems   map[*types.Var][]ast.Expr // stores into elements of a variable (m[k] = x)
	based   map[*types.Var]map[string]bool
	params  map[*types.Var]paramRef
	decls   map[*types.Func]*ast.FuncDecl
	calls   []*ast.CallExpr // calls with a static callee of the package or with a fact
	// dyncalls are calls whose callee is a function value: a function literal called
	// where it stands, or a local variable (a closure, a method value, a function).
	dyncalls []*ast.CallExpr
	litNames map[*ast.FuncLit]string // the variable a function literal is assigned to
	litSinks map[*ast.FuncLit][]ParamSink
	results  *memo[[]ResultValue]
	psinks   map[*types.Func][]ParamSink
	fsinks   map[*types.Var][]ParamSink
	errs     *errState
	reads    *memo[[]int] // results that hold a read object (ReadAt)
	fresh    *memo[[]int] // results that hold a fresh object (FreshAt)
}

func run(pass *analysis.Pass) (any, error) {
	st := &analysisState{
		pass: pass, own: k8sapi.OwnPackage(pass),
		assigns: map[*types.Var][]ast.Expr{}, inits: map[*types.Var]ast.Expr{},
		fields: map[*types.Var][]ast.Expr{}, elems: map[*types.Var][]ast.Expr{}, based: map[*types.Var]map[string]bool{},
		params: map[*types.Var]paramRef{}, decls: map[*types.Func]*ast.FuncDecl{},
		results: newMemo(func(s *Summary) []ResultValue { return s.Results }),
		psinks:  map[*types.Func][]ParamSink{}, fsinks: map[*types.Var][]ParamSink{},
		reads: newMemo(func(s *Summary) []int { return s.Reads }), fresh: newMemo(func(s *Summary) []int { return s.Fresh }), litNames: map[*ast.FuncLit]string{}, litSinks: map[*ast.FuncLit][]ParamSink{},
	}
	res := &Result{assigns: st.assigns, based: st.based}
	if !st.own || modelled(pass.Pkg.Path()) {
		return res, nil
	}
	sinks := relevant(pass.Pkg)
	if !sinks && k8sapi.LookupType(pass.Pkg, "context", "Context") == nil {
		return res, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	st.index(ins)
	st.errs = newErrState(st)
	res.errs, res.st = st.errs, st
	if !sinks {
		st.export()
		return res, nil
	}
	var direct []Flow
	for _, d := range detectors {
		direct = append(direct, d(st, ins, res)...)
	}
	for i := range direct {
		direct[i].Origins = st.trace(direct[i].Expr, followsFields(direct[i].Sink), 0)
	}
	res.flows = st.propagate(direct)
	sort.SliceStable(res.flows, func(i, j int) bool { return res.flows[i].Expr.Pos() < res.flows[j].Expr.Pos() })
	st.export()
	return res, nil
}

// index records the variables, fields, parameters and calls of the package.
func (st *analysisState) index(ins *inspector.Inspector) {
	info := st.pass.TypesInfo
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		if v, ok := info.Defs[id].(*types.Var); ok {
			return v
		}
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	fieldOf := func(e ast.Expr) (*types.Var, ast.Expr) {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			v, _ := s.Obj().(*types.Var)
			return v, sel.X
		}
		return nil, nil
	}
	store := func(l, r ast.Expr) {
		if v := varOf(l); v != nil {
			st.assigns[v] = append(st.assigns[v], r)
			if lit, ok := r.(*ast.FuncLit); ok {
				st.litNames[lit] = v.Name()
			}
			return
		}
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			if v := varOf(ix.X); v != nil {
				st.elems[v] = append(st.elems[v], r)
			}
			return
		}
		if f, x := fieldOf(l); f != nil {
			st.fields[f] = append(st.fields[f], r)
			if b := varOf(x); b != nil {
				if st.based[b] == nil {
					st.based[b] = map[string]bool{}
				}
				st.based[b][f.Name()] = true
			}
		}
	}
	for cur := range ins.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil),
		(*ast.RangeStmt)(nil), (*ast.CompositeLit)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					store(l, n.Rhs[i])
				} else {
					store(l, Unknown)
				}
			}
		case *ast.ValueSpec:
			pkgLevel := false
			if len(n.Names) > 0 {
				if v, ok := info.Defs[n.Names[0]].(*types.Var); ok && v.Parent() == st.pass.Pkg.Scope() {
					pkgLevel = true
				}
			}
			for i, id := range n.Names {
				v, ok := info.Defs[id].(*types.Var)
				if !ok {
					continue
				}
				var val ast.Expr
				switch {
				case len(n.Values) == len(n.Names):
					val = n.Values[i]
				case len(n.Values) == 0:
					val = Zero
				default:
					val = Unknown
				}
				if pkgLevel {
					st.inits[v] = val
				} else {
					st.assigns[v] = append(st.assigns[v], val)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				store(n.X, Unknown)
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if x != nil {
					store(x, Unknown)
				}
			}
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				continue
			}
			s, ok := t.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if f, ok := info.Uses[id].(*types.Var); ok {
							st.fields[f] = append(st.fields[f], kv.Value)
						}
					}
				} else if i < s.NumFields() {
					st.fields[s.Field(i)] = append(st.fields[s.Field(i)], elt)
				}
			}
		case *ast.FuncDecl:
			fn, ok := info.Defs[n.Name].(*types.Func)
			if !ok {
				continue
			}
			if n.Body != nil {
				st.decls[fn] = n
			}
			if n.Recv != nil {
				for _, f := range n.Recv.List {
					for _, id := range f.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							st.params[v] = paramRef{index: -1}
						}
					}
				}
			}
			eachParam(info, n.Type.Params, fn.Signature(), func(v *types.Var, idx int) {
				st.params[v] = paramRef{fn: fn, index: idx}
			})
		case *ast.FuncLit:
			sig, _ := info.TypeOf(n).(*types.Signature)
			eachParam(info, n.Type.Params, sig, func(v *types.Var, idx int) {
				st.params[v] = paramRef{lit: n, index: idx}
			})
		case *ast.CallExpr:
			if fn, ok := k8sapi.Callee(info, n).(*types.Func); ok && fn.Pkg() != nil {
				st.calls = append(st.calls, n)
			} else if _, ok := info.TypeOf(n.Fun).Underlying().(*types.Signature); ok && !info.Types[n.Fun].IsType() {
				switch f := ast.Unparen(n.Fun).(type) {
				case *ast.FuncLit:
					st.dyncalls = append(st.dyncalls, n)
				case *ast.Ident:
					if v, ok := info.Uses[f].(*types.Var); ok && v.Parent() != v.Pkg().Scope() {
						st.dyncalls = append(st.dyncalls, n)
					}
				}
			}
		}
	}
}

// relevant reports whether a sink can be in pkg or behind its calls: it depends on
// apimachinery's metav1 (conditions), controller-runtime's client (apply) or
// client_golang (metrics).
func relevant(pkg *types.Package) bool {
	return k8sapi.LookupType(pkg, k8sapi.MetaV1Pkg, "Condition") != nil ||
		k8sapi.LookupType(pkg, k8sapi.ClientPkg, "Writer") != nil || k8sapi.LookupType(pkg, PrometheusPkg, "Labels") != nil
}

// modelled reports whether path is a package of the APIs whose behaviour package k8sapi
// describes (apimachinery, client-go, controller-runtime, client_golang, logr): they get
// no summaries, also when a replace directive or a test makes them look like the
// module's own code.
func modelled(path string) bool {
	for _, p := range []string{"k8s.io/", k8sapi.CtrlRoot + "/", "github.com/prometheus/", "github.com/go-logr/", "golang.org/x/"} {
		if strings.HasPrefix(path+"/", p) {
			return true
		}
	}
	return false
}

// maxDepth bounds the expressions and variables followed for one value.
const maxDepth = 8

// trace returns the origins of the value of e.
func (st *analysisState) trace(e ast.Expr, fields bool, depth int) []Origin {
	info := st.pass.TypesInfo
	e = ast.Unparen(e)
	tv, ok := info.Types[e]
	if !ok {
		return []Origin{{Kind: Opaque}}
	}
	if tv.Value != nil {
		return []Origin{{Kind: Const, Value: tv.Value}}
	}
	if depth > maxDepth {
		return []Origin{{Kind: Opaque}}
	}
	if d := typeSource(tv.Type); d != "" {
		if d == "error text" {
			return []Origin{{Kind: ErrText}}
		}
		return []Origin{{Kind: Identity, Desc: d}}
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			out := []Origin{{Kind: Computed}}
			out = append(out, parts(st.trace(x.X, fields, depth+1))...)
			return append(out, parts(st.trace(x.Y, fields, depth+1))...)
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if s := declaringStruct(sel); s != "" {
				if d := identity[s][x.Sel.Name]; d != "" {
					return []Origin{{Kind: Identity, Desc: d}}
				}
			}
			if f, ok := sel.Obj().(*types.Var); ok && fields {
				return st.fieldOrigins(f, fieldDesc(sel))
			}
			return []Origin{{Kind: Opaque}}
		}
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			return st.varOrigins(v, fields, depth) // a package-level variable of another package
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return st.varOrigins(v, fields, depth)
		}
	case *ast.CallExpr:
		return st.callOrigins(x, fields, depth)
	}
	return []Origin{{Kind: Opaque}}
}

// parts keeps, of the origins of an operand of a string operation, those that survive
// it: error text, identity, parameters and fields (judged at their callers and stores).
func parts(os []Origin) []Origin {
	var out []Origin
	for _, o := range os {
		switch o.Kind {
		case ErrText, Identity, Param, Field:
			o.Part = true
			out = append(out, o)
		}
	}
	return out
}

func (st *analysisState) varOrigins(v *types.Var, fields bool, depth int) []Origin {
	if p, ok := st.params[v]; ok {
		return []Origin{{Kind: Param, Func: p.fn, Lit: p.lit, Index: p.index}}
	}
	if v.Pkg() == nil {
		return []Origin{{Kind: Opaque}}
	}
	if v.Parent() == v.Pkg().Scope() {
		init, ok := st.inits[v]
		if v.Pkg() != st.pass.Pkg || !ok || init == Unknown || init == Zero || len(st.assigns[v]) > 0 {
			return []Origin{{Kind: Opaque}}
		}
		os := st.trace(init, fields, depth+1)
		for i := range os {
			if os[i].Kind == Const && os[i].Node == nil {
				os[i].Node = init
			}
		}
		return os
	}
	vals := st.assigns[v]
	var out []Origin
	n := 0
	for _, rhs := range vals {
		if rhs != Zero {
			n++
		}
	}
	if n == 0 {
		return []Origin{{Kind: Opaque}}
	}
	for _, rhs := range vals {
		if rhs == Zero {
			continue
		}
		if rhs == Unknown {
			out = append(out, Origin{Kind: Opaque})
			continue
		}
		for _, o := range st.trace(rhs, fields, depth+1) {
			if o.Kind == Const && o.Node == nil {
				o.Node = rhs
				if n > 1 && o.Value.Kind() == constant.String && constant.StringVal(o.Value) == "" {
					o.Placeholder = true
				}
			}
			out = append(out, o)
		}
	}
	return out
}

// fieldOrigins: a field of a struct of this package that is unexported is judged by the
// stores into it here; other fields are judged at their stores, wherever they are.
func (st *analysisState) fieldOrigins(f *types.Var, desc string) []Origin {
	if f.Pkg() == st.pass.Pkg && !f.Exported() && len(st.fields[f]) == 0 {
		return []Origin{{Kind: Opaque}} // never set in the package: a zero value or a copy
	}
	return []Origin{{Kind: Field, FieldVar: f, Desc: desc}}
}

// fieldDesc names the selected field by the struct that declares it: "pkg.R.owner".
func fieldDesc(sel *types.Selection) string {
	f := sel.Obj()
	if s := declaringStruct(sel); s != "" {
		if i := strings.LastIndex(s, "."); i >= 0 {
			return f.Pkg().Name() + "." + s[i+1:] + "." + f.Name()
		}
	}
	return f.Pkg().Name() + "." + f.Name()
}

func (st *analysisState) callOrigins(call *ast.CallExpr, fields bool, depth int) []Origin {
	info := st.pass.TypesInfo
	if info.Types[call.Fun].IsType() && len(call.Args) == 1 {
		return st.trace(call.Args[0], fields, depth+1)
	}
	fn, ok := k8sapi.Callee(info, call).(*types.Func)
	if !ok {
		return []Origin{{Kind: Opaque}}
	}
	sig := fn.Signature()
	if sig.Recv() != nil {
		se, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		var rt types.Type
		if ok {
			rt = info.TypeOf(se.X)
		}
		switch {
		case fn.Name() == "Error" && sig.Params().Len() == 0 && rt != nil && isErrorType(rt):
			return []Origin{{Kind: ErrText}}
		case fn.Name() == "String" && sig.Params().Len() == 0 && k8sapi.IsType(sig.Recv().Type(), k8sapi.TypesPkg, "NamespacedName"):
			return []Origin{{Kind: Identity, Desc: "the request's namespace/name"}}
		case getters[fn.Name()] != "" && sig.Params().Len() == 0 && rt != nil && isObject(rt):
			return []Origin{{Kind: Identity, Desc: getters[fn.Name()]}}
		}
	}
	if fn.Pkg() == nil {
		return []Origin{{Kind: Opaque}}
	}
	if fn.Pkg().Path() == "strconv" && fn.Name() == "FormatBool" {
		return []Origin{{Kind: Const, Value: constant.MakeString("true")}, {Kind: Const, Value: constant.MakeString("false")}}
	}
	switch p := fn.Pkg().Path(); {
	case p == "fmt" && (fn.Name() == "Sprint" || fn.Name() == "Sprintf" || fn.Name() == "Sprintln"),
		sig.Recv() == nil && (p == "strings" || p == "path" || p == "path/filepath"):
		out := []Origin{{Kind: Computed}}
		for _, a := range call.Args {
			out = append(out, parts(st.trace(a, fields, depth+1))...)
		}
		return out
	}
	rvs, ok := st.resultsOf(fn)
	if !ok {
		return []Origin{{Kind: Opaque}}
	}
	var out []Origin
	for _, rv := range rvs {
		if rv.Index != 0 {
			continue
		}
		chain := rv.Chain
		switch rv.Kind {
		case Const:
			out = append(out, Origin{Kind: Const, Value: constant.MakeString(rv.Str), Via: chain})
		case ErrText:
			out = append(out, Origin{Kind: ErrText, Via: chain})
		case Identity:
			out = append(out, Origin{Kind: Identity, Desc: rv.Desc, Via: chain})
		case Param:
			if rv.Param < len(call.Args) && !(sig.Variadic() && rv.Param == sig.Params().Len()-1) {
				os := st.trace(call.Args[rv.Param], fields, depth+1)
				if rv.Part {
					os = parts(os)
				}
				for _, o := range os {
					if o.Kind == Const && o.Node == nil {
						o.Node = call.Args[rv.Param]
					}
					out = append(out, o)
				}
			} else {
				out = append(out, Origin{Kind: Opaque})
			}
		default:
			out = append(out, Origin{Kind: Opaque, Via: chain})
		}
	}
	if len(out) == 0 {
		return []Origin{{Kind: Opaque}}
	}
	return out
}

// resultsOf returns the result values of fn: from its fact, or computed from its return
// statements when it is declared in this package.
func (st *analysisState) resultsOf(fn *types.Func) ([]ResultValue, bool) {
	rvs := st.results.get(st, fn, func(decl *ast.FuncDecl) []ResultValue { return st.computeResults(fn, decl) })
	return rvs, len(rvs) > 0
}

func (st *analysisState) computeResults(fn *types.Func, decl *ast.FuncDecl) []ResultValue {
	if fn.Signature().Results().Len() == 0 || !isStringish(fn.Signature().Results().At(0).Type()) {
		return nil
	}
	name := qualified(st.pass.Pkg, fn)
	var rvs []ResultValue
	seen := map[string]bool{}
	add := func(rv ResultValue) {
		k := itoa(rv.Index) + rv.Kind.String() + rv.Str + rv.Desc + itoa(rv.Param) + strconv.FormatBool(rv.Part)
		if !seen[k] {
			seen[k] = true
			rvs = append(rvs, rv)
		}
	}
	opaque := false
	for ret := range returns(decl.Body) {
		if len(ret.Results) != fn.Signature().Results().Len() {
			opaque = true // a bare return, or a call returning a tuple
			continue
		}
		for i, r := range ret.Results {
			if !isStringish(fn.Signature().Results().At(i).Type()) {
				continue // only strings reach the sinks
			}
			for _, o := range st.trace(r, false, 1) {
				rv := ResultValue{Index: i, Kind: o.Kind, Chain: append([]string{name}, o.Via...)}
				switch o.Kind {
				case Const:
					if o.Value.Kind() != constant.String {
						rv.Kind = Opaque
					} else {
						rv.Str = constant.StringVal(o.Value)
					}
				case Identity:
					rv.Desc = o.Desc
				case Param:
					if o.Func != fn || o.Index < 0 {
						rv.Kind = Opaque
					} else {
						rv.Param, rv.Part = o.Index, o.Part
					}
				case ErrText:
				default:
					rv.Kind = Opaque
				}
				add(rv)
			}
		}
	}
	if opaque {
		add(ResultValue{Kind: Opaque, Chain: []string{name}})
	}
	return rvs
}

func isStringish(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// propagate adds, for every flow fed by a parameter or a field, the flows at the calls
// of the function and at the stores into the field, to a fixed point.
func (st *analysisState) propagate(direct []Flow) []Flow {
	info := st.pass.TypesInfo
	type key struct {
		expr ast.Expr
		sink Sink
	}
	done := map[key]bool{}
	var out []Flow
	work := direct
	addSink := func(m map[*types.Func][]ParamSink, fn *types.Func, ps ParamSink) bool {
		for _, o := range m[fn] {
			if o.Index == ps.Index && o.Sink == ps.Sink {
				return false
			}
		}
		m[fn] = append(m[fn], ps)
		return true
	}
	addLitSink := func(lit *ast.FuncLit, ps ParamSink) bool {
		for _, o := range st.litSinks[lit] {
			if o.Index == ps.Index && o.Sink == ps.Sink {
				return false
			}
		}
		st.litSinks[lit] = append(st.litSinks[lit], ps)
		return true
	}
	atCall := func(call *ast.CallExpr, sinks []ParamSink) []Flow {
		var out []Flow
		for _, ps := range sinks {
			if ps.Index >= len(call.Args) || call.Ellipsis.IsValid() && ps.Index == len(call.Args)-1 {
				continue
			}
			if unguardedOnly(ps.Sink) && st.guardedCall(call) {
				continue
			}
			a := call.Args[ps.Index]
			os := st.trace(a, followsFields(ps.Sink), 0)
			if ps.Part {
				os = parts(os)
			}
			out = append(out, Flow{Sink: ps.Sink, Expr: a, Via: ps.Chain, Origins: os, part: ps.Part})
		}
		return out
	}
	for round := 0; round == 0 || len(work) > 0; round++ {
		var next []Flow
		changedFns := map[*types.Func]bool{}
		changedLits := map[*ast.FuncLit]bool{}
		changedFields := map[*types.Var]bool{}
		for _, f := range work {
			k := key{f.Expr, f.Sink}
			if done[k] {
				continue
			}
			done[k] = true
			out = append(out, f)
			for _, o := range f.Origins {
				switch {
				case o.Kind == Param && o.Func != nil && o.Index >= 0:
					chain := append([]string{qualified(st.pass.Pkg, o.Func)}, f.Via...)
					if addSink(st.psinks, o.Func, ParamSink{Index: o.Index, Sink: f.Sink, Chain: chain, Part: o.Part || f.part}) {
						changedFns[o.Func] = true
					}
				case o.Kind == Param && o.Lit != nil && o.Index >= 0:
					name := st.litNames[o.Lit]
					if name == "" {
						name = "a function literal"
					}
					chain := append([]string{name}, f.Via...)
					if addLitSink(o.Lit, ParamSink{Index: o.Index, Sink: f.Sink, Chain: chain, Part: o.Part || f.part}) {
						changedLits[o.Lit] = true
					}
				case o.Kind == Field && o.FieldVar != nil:
					chain := append([]string{o.Desc}, f.Via...)
					if enclosing := st.enclosingFunc(f.Expr); enclosing != nil && len(f.Via) == 0 {
						chain = []string{o.Desc, qualified(st.pass.Pkg, enclosing)}
					}
					dup := false
					for _, s := range st.fsinks[o.FieldVar] {
						if s.Sink == f.Sink {
							dup = true
						}
					}
					if !dup {
						st.fsinks[o.FieldVar] = append(st.fsinks[o.FieldVar], ParamSink{Sink: f.Sink, Chain: chain})
						changedFields[o.FieldVar] = true
					}
				}
			}
		}
		// Calls of changed functions (and, on the first round, of functions with facts).
		first := round == 0
		for _, call := range st.calls {
			fn := k8sapi.Callee(info, call).(*types.Func)
			var sinks []ParamSink
			if fn.Pkg() == st.pass.Pkg {
				if !changedFns[fn] {
					continue
				}
				sinks = st.psinks[fn]
			} else {
				if !first {
					continue
				}
				var s Summary
				if !st.pass.ImportObjectFact(fn, &s) {
					continue
				}
				sinks = s.Params
			}
			next = append(next, atCall(call, sinks)...)
		}
		// Calls through function values: of changed function literals, and of functions
		// and methods taken as values (like the static calls above).
		for _, call := range st.dyncalls {
			fn, lit := st.dynCallee(call)
			switch {
			case lit != nil && changedLits[lit]:
				next = append(next, atCall(call, st.litSinks[lit])...)
			case fn != nil && fn.Pkg() == st.pass.Pkg && changedFns[fn]:
				next = append(next, atCall(call, st.psinks[fn])...)
			case fn != nil && fn.Pkg() != st.pass.Pkg && first:
				var s Summary
				if st.pass.ImportObjectFact(fn, &s) {
					next = append(next, atCall(call, s.Params)...)
				}
			}
		}
		// Stores into changed fields (and, on the first round, into fields with facts).
		for f, vals := range st.fields {
			var sinks []ParamSink
			if changedFields[f] {
				sinks = st.fsinks[f]
			} else if first && f.Pkg() != st.pass.Pkg {
				var fs FieldSinks
				if !st.pass.ImportObjectFact(f, &fs) {
					continue
				}
				sinks = fs.Sinks
			}
			for _, ps := range sinks {
				for _, v := range vals {
					if v == Unknown || v == Zero {
						continue
					}
					next = append(next, Flow{Sink: ps.Sink, Expr: v, Via: ps.Chain, Origins: st.trace(v, true, 0)})
				}
			}
		}
		work = next
	}
	return out
}

// dynCallee resolves a call through a function value: a function literal called where
// it stands, or a local variable assigned once, with a function literal or a function
// or method value (`set := func(reason string) {...}`, `f := r.setReady`).
func (st *analysisState) dynCallee(call *ast.CallExpr) (*types.Func, *ast.FuncLit) {
	info := st.pass.TypesInfo
	e := ast.Unparen(call.Fun)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return nil, nil
		}
		if _, param := st.params[v]; param {
			return nil, nil
		}
		var vals []ast.Expr
		for _, a := range st.assigns[v] {
			if a != Zero {
				vals = append(vals, a)
			}
		}
		if len(vals) != 1 {
			return nil, nil
		}
		e = ast.Unparen(vals[0])
	}
	switch x := e.(type) {
	case *ast.FuncLit:
		return nil, x
	case *ast.Ident:
		fn, _ := info.Uses[x].(*types.Func)
		return fn, nil
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.MethodVal {
			fn, _ := sel.Obj().(*types.Func)
			return fn, nil
		}
		fn, _ := info.Uses[x.Sel].(*types.Func) // a function of another package
		return fn, nil
	}
	return nil, nil
}

// enclosingFunc returns the function declaration around e.
func (st *analysisState) enclosingFunc(e ast.Expr) *types.Func {
	for fn, d := range st.decls {
		if d.Body.Pos() <= e.Pos() && e.Pos() < d.Body.End() {
			return fn
		}
	}
	return nil
}

// export exports the summaries of exported functions and methods, and the sinks of
// fields.
func (st *analysisState) export() {
	for fn := range st.decls {
		if !fn.Exported() && fn.Signature().Recv() == nil {
			continue
		}
		var s Summary
		s.Params = st.psinks[fn]
		if rvs, ok := st.resultsOf(fn); ok {
			for _, rv := range rvs {
				if rv.Kind != Opaque || len(rvs) > 1 {
					s.Results = append(s.Results, rv)
				}
			}
			if !informative(s.Results) {
				s.Results = nil
			}
		}
		s.Errors = st.errs.sourcesOf(fn)
		s.Swallows = st.errs.swallowsOf(fn)
		s.Reads = st.readsOf(fn)
		s.Fresh = st.freshOf(fn)
		if len(s.Params) > 0 || len(s.Results) > 0 || len(s.Errors) > 0 || len(s.Swallows) > 0 || len(s.Reads) > 0 || len(s.Fresh) > 0 {
			pass := st.pass
			pass.ExportObjectFact(fn, &s)
		}
	}
	for f, sinks := range st.fsinks {
		if f.Pkg() == st.pass.Pkg {
			st.pass.ExportObjectFact(f, &FieldSinks{Sinks: sinks})
		}
	}
}

// informative reports whether result values tell anything beyond "opaque".
func informative(rvs []ResultValue) bool {
	for _, rv := range rvs {
		if rv.Kind != Opaque {
			return true
		}
	}
	return false
}

func qualified(pkg *types.Package, fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if n := k8sapi.Named(recv.Type()); n != nil {
			return fn.Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// eachParam calls f with each named parameter of a function and its index, -1 for the
// variadic one (or every one when the signature is unknown).
func eachParam(info *types.Info, params *ast.FieldList, sig *types.Signature, f func(*types.Var, int)) {
	i := 0
	for _, field := range params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, id := range field.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				idx := i
				if sig == nil || sig.Variadic() && i == sig.Params().Len()-1 {
					idx = -1
				}
				f(v, idx)
			}
			i++
		}
	}
}
