package conditions

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the conditions rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

// The validation of metav1.Condition (k8s.io/apimachinery/pkg/apis/meta/v1/types.go
// markers, and ValidateConditions in pkg/apis/meta/v1/validation).
var (
	reasonPattern = regexp.MustCompile(`^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$`)
	typePattern   = regexp.MustCompile(`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`)
)

const (
	maxReason = 1024
	maxType   = 316
)

const (
	msgErrText  = "condition %s from error text: the API server rejects a %s that does not match %s (error text has spaces, dots, quotes), so the whole status write fails, and the value changes with every failure: use a constant CamelCase %s and put the error into Message"
	msgNonConst = "condition %s is not a constant: a value computed at run time can fail the API's pattern %s, and then the whole status write is rejected: use a constant CamelCase %s and put the details into Message"
	msgBadConst = "condition %s %q does not match %s: the API server rejects the status write that carries it"
	msgMissing  = "condition without a %s: the API server rejects a condition whose %s is empty, so the status write fails"
	msgObsGen   = "condition without ObservedGeneration while the generation of %s is at hand: clients cannot tell whether the condition describes the current spec or an older one: set ObservedGeneration: %s.GetGeneration()"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "Condition") == nil {
		return rep.Outcome(), nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{pass: pass, rep: rep, ins: ins, reported: map[token.Pos]bool{}, followed: map[*types.Var]bool{}}
	for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		if rep.Skip(cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if isCondition(pass.TypesInfo.TypeOf(n)) {
				c.literal(cur, n)
			}
		case *ast.AssignStmt:
			c.assign(cur, n)
		case *ast.CallExpr:
			c.call(cur, n)
		}
	}
	return rep.Outcome(), nil
}

type checker struct {
	pass     *analysis.Pass
	rep      *analyzerutil.Reporter
	ins      *inspector.Inspector
	reported map[token.Pos]bool
	calls    map[*types.Func][]inspector.Cursor // calls of the package's functions, built on demand
	followed map[*types.Var]bool                // parameters whose call sites were checked
}

// params checks, when v is a parameter of the enclosing function declaration, the
// argument given for it at every call in this package.
func (c *checker) params(cur inspector.Cursor, v *types.Var, field string) {
	if c.followed[v] {
		return
	}
	c.followed[v] = true
	info := c.pass.TypesInfo
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := fc.Node().(*ast.FuncDecl)
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok {
			return
		}
		idx, i := -1, 0
		for _, f := range decl.Type.Params.List {
			if len(f.Names) == 0 {
				i++
				continue
			}
			for _, n := range f.Names {
				if info.Defs[n] == v {
					idx = i
				}
				i++
			}
		}
		if idx < 0 || (fn.Signature().Variadic() && idx == fn.Signature().Params().Len()-1) {
			return
		}
		if c.calls == nil {
			c.calls = map[*types.Func][]inspector.Cursor{}
			for cc := range c.ins.Root().Preorder((*ast.CallExpr)(nil)) {
				if f, ok := k8sapi.Callee(info, cc.Node().(*ast.CallExpr)).(*types.Func); ok && f.Pkg() == c.pass.Pkg {
					c.calls[f] = append(c.calls[f], cc)
				}
			}
		}
		for _, cc := range c.calls[fn] {
			call := cc.Node().(*ast.CallExpr)
			if idx < len(call.Args) && !c.rep.Skip(call.Pos()) {
				c.value(cc, field, call.Args[idx])
			}
		}
		return
	}
}

// reportf reports once per position: a constant assigned to a variable is checked at
// every use of the variable.
func (c *checker) reportf(n ast.Node, format string, args ...any) {
	if c.reported[n.Pos()] {
		return
	}
	c.reported[n.Pos()] = true
	c.rep.Reportf(n, format, args...)
}

func isCondition(t types.Type) bool {
	return t != nil && k8sapi.IsType(t, k8sapi.MetaV1Pkg, "Condition")
}

// fields returns the keyed values of a Condition literal (unkeyed literals set every
// field).
func fields(lit *ast.CompositeLit) (map[string]ast.Expr, bool) {
	m := map[string]ast.Expr{}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			m[id.Name] = kv.Value
		}
	}
	return m, true
}

// literal checks the Type and Reason of a Condition literal, wherever it is written.
func (c *checker) literal(cur inspector.Cursor, lit *ast.CompositeLit) {
	m, keyed := fields(lit)
	if !keyed {
		if len(lit.Elts) >= 5 {
			c.value(cur, "Type", lit.Elts[0])
			c.value(cur, "Reason", lit.Elts[4])
		}
		return
	}
	if v := m["Type"]; v != nil {
		c.value(cur, "Type", v)
	}
	if v := m["Reason"]; v != nil {
		c.value(cur, "Reason", v)
	}
}

// assign checks cond.Reason = v and cond.Type = v on a Condition.
func (c *checker) assign(cur inspector.Cursor, as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Reason" && sel.Sel.Name != "Type") || !isCondition(deref(c.pass.TypesInfo.TypeOf(sel.X))) {
			continue
		}
		c.value(cur, sel.Sel.Name, as.Rhs[i])
	}
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// value checks the value of the Type or Reason field.
func (c *checker) value(cur inspector.Cursor, field string, v ast.Expr) {
	pattern := reasonPattern.String()
	if field == "Type" {
		pattern = "a qualified name such as Ready or example.com/Ready"
	}
	k, node, val := c.classify(cur, v, field, 0)
	switch k {
	case kindErrText:
		c.reportf(node, msgErrText, field, field, pattern, field)
	case kindNonConst:
		c.reportf(node, msgNonConst, field, pattern, field)
	case kindConst:
		if val == nil || val.Kind() != constant.String {
			return
		}
		s := constant.StringVal(val)
		if s == "" {
			c.reportf(node, msgMissing, field, field)
			return
		}
		if field == "Reason" && (len(s) > maxReason || !reasonPattern.MatchString(s)) ||
			field == "Type" && (len(s) > maxType || !typePattern.MatchString(s)) {
			c.reportf(node, msgBadConst, field, s, pattern)
		}
	}
}

type kind int

const (
	kindOK       kind = iota // constant-free but not judged: a parameter, a function result, a copied condition field
	kindConst                // a constant (val holds it)
	kindNonConst             // computed at run time
	kindErrText              // from error text
)

// classify says where the string value of e comes from. node is where to report.
func (c *checker) classify(cur inspector.Cursor, e ast.Expr, field string, depth int) (kind, ast.Node, constant.Value) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return kindConst, e, tv.Value
	}
	if depth > 6 {
		return kindOK, e, nil
	}
	if t := info.TypeOf(e); t != nil && isErrorType(t) {
		return kindErrText, e, nil
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if info.Types[x.Fun].IsType() && len(x.Args) == 1 {
			if at := info.TypeOf(x.Args[0]); at != nil {
				if n, ok := types.Unalias(at).(*types.Named); ok && !isErrorType(at) {
					if b, ok := n.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
						return kindOK, e, nil // a typed string such as metav1.StatusReason: an enum
					}
				}
			}
			return c.classify(cur, x.Args[0], field, depth+1)
		}
		fn, ok := k8sapi.Callee(info, x).(*types.Func)
		if !ok {
			return kindOK, e, nil
		}
		if fn.Signature().Recv() != nil {
			if fn.Name() == "Error" && fn.Signature().Params().Len() == 0 {
				if se, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && isErrorType(info.TypeOf(se.X)) {
					return kindErrText, e, nil
				}
			}
			return kindOK, e, nil
		}
		if fn.Pkg() != nil && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "strings") {
			for _, a := range x.Args {
				if k, _, _ := c.classify(cur, a, field, depth+1); k == kindErrText {
					return kindErrText, e, nil
				}
			}
			return kindNonConst, e, nil
		}
		return kindOK, e, nil // a function computes it: not judged
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			kx, _, _ := c.classify(cur, x.X, field, depth+1)
			ky, _, _ := c.classify(cur, x.Y, field, depth+1)
			if kx == kindErrText || ky == kindErrText {
				return kindErrText, e, nil
			}
			return kindNonConst, e, nil
		}
	case *ast.SelectorExpr, *ast.IndexExpr:
		return kindOK, e, nil // a field or a map lookup: passed through, not judged
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Parent() == v.Pkg().Scope() {
			return kindOK, e, nil // a package-level variable: not judged
		}
		body := localBody(cur, v)
		if body == nil {
			c.params(cur, v, field)
			return kindOK, e, nil // a parameter: judged at the call sites in this package
		}
		// A local variable: constants assigned to it are checked where they are
		// assigned; other values are reported at the use.
		worst := kindOK
		rhss := assignments(info, body, v)
		for _, rhs := range rhss {
			if rhs == nil {
				return kindOK, e, nil
			}
			k, _, cv := c.classify(cur, rhs, field, depth+1)
			if k == kindConst && len(rhss) > 1 && cv != nil && cv.Kind() == constant.String && constant.StringVal(cv) == "" {
				continue // a placeholder overwritten on the paths that matter (reason := ""; switch ...)
			}
			if k == kindConst {
				c.value(cur, field, rhs)
			} else if k > worst {
				worst = k
			}
		}
		return worst, e, nil
	}
	return kindOK, e, nil
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isErrorType(t types.Type) bool {
	if t == nil {
		return false
	}
	if k8sapi.IsError(t) {
		return true
	}
	if _, ok := t.Underlying().(*types.Basic); ok {
		return false
	}
	return types.Implements(t, errorIface)
}

// localBody returns the body of the enclosing function that declares the local
// variable v, or nil for a package-level variable or a parameter.
func localBody(cur inspector.Cursor, v *types.Var) *ast.BlockStmt {
	if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var b *ast.BlockStmt
		switch f := fn.Node().(type) {
		case *ast.FuncDecl:
			b = f.Body
		case *ast.FuncLit:
			b = f.Body
		}
		if b != nil && v.Pos() >= b.Pos() && v.Pos() < b.End() {
			return b
		}
	}
	return nil
}

// assignments returns the values assigned to v in body; nil stands for an assignment
// whose value cannot be told (a tuple, a range variable, &v taken).
func assignments(info *types.Info, body ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					out = append(out, n.Rhs[i])
				} else {
					out = append(out, nil)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					out = append(out, n.Values[i])
				} else if len(n.Values) != 0 {
					out = append(out, nil)
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				out = append(out, nil)
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					out = append(out, nil)
				}
			}
		}
		return true
	})
	return out
}

// call checks conditions stored into a conditions list: meta.SetStatusCondition and
// append to a []metav1.Condition.
func (c *checker) call(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	if k8sapi.IsFuncCall(info, call, k8sapi.MetaPkg, "SetStatusCondition") && len(call.Args) == 2 {
		c.stored(cur, call.Args[1], call.Args[0], true)
		return
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && len(call.Args) >= 2 && !call.Ellipsis.IsValid() {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
			if sl, ok := info.TypeOf(call.Args[0]).Underlying().(*types.Slice); ok && isCondition(sl.Elem()) {
				for _, a := range call.Args[1:] {
					c.stored(cur, a, call.Args[0], false)
				}
			}
		}
	}
}

// stored checks a condition cond stored into the list dst.
func (c *checker) stored(cur inspector.Cursor, cond, dst ast.Expr, viaSet bool) {
	info := c.pass.TypesInfo
	var lits []*ast.CompositeLit
	var v *types.Var
	var body *ast.BlockStmt
	switch x := ast.Unparen(cond).(type) {
	case *ast.CompositeLit:
		lits = append(lits, x)
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
		body = localBody(cur, v)
		if body == nil {
			return
		}
		for _, rhs := range assignments(info, body, v) {
			lit, ok := ast.Unparen(rhs).(*ast.CompositeLit)
			if !ok {
				return // built elsewhere: not judged
			}
			lits = append(lits, lit)
		}
	default:
		return
	}
	for _, lit := range lits {
		m, keyed := fields(lit)
		if !keyed {
			continue
		}
		if m["ObservedGeneration"] == nil && !fieldAssigned(info, body, v, "ObservedGeneration") && !statusGeneration(cur, dst) {
			if obj := c.objectOf(dst, lit.Pos()); obj != "" {
				c.reportf(lit, msgObsGen, obj, obj)
			}
		}
		if viaSet {
			for _, f := range []string{"Type", "Reason"} {
				if m[f] == nil && !fieldAssigned(info, body, v, f) {
					c.reportf(lit, msgMissing, f, f)
				}
			}
		}
	}
}

// statusGeneration reports whether the function around cur assigns ObservedGeneration
// next to the conditions list dst (obj.Status.ObservedGeneration for
// &obj.Status.Conditions): the status then carries the generation it describes, and
// clients such as kubectl wait read it when a condition has none.
func statusGeneration(cur inspector.Cursor, dst ast.Expr) bool {
	e := ast.Unparen(dst)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	status := types.ExprString(sel.X)
	var body *ast.BlockStmt
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		body = fn.Node().(*ast.FuncDecl).Body
	}
	if body == nil {
		return false
	}
	return assignsField(body, "ObservedGeneration", func(x ast.Expr) bool { return types.ExprString(x) == status })
}

// fieldAssigned reports whether v.field is assigned in body.
func fieldAssigned(info *types.Info, body ast.Node, v *types.Var, field string) bool {
	if v == nil || body == nil {
		return false
	}
	return assignsField(body, field, func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == v
	})
}

// assignsField reports whether body assigns X.field for an X that owner accepts.
func assignsField(body ast.Node, field string, owner func(x ast.Expr) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for _, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == field && owner(sel.X) {
				found = true
			}
		}
		return true
	})
	return found
}

// objectOf names the object whose generation is at hand for a condition stored into
// dst at pos: the object dst is a field of (&obj.Status.Conditions), else a variable in
// scope at pos (a parameter, the receiver, a local declared before pos) whose type is an
// API object. "" when there is none.
func (c *checker) objectOf(dst ast.Expr, pos token.Pos) string {
	info := c.pass.TypesInfo
	e := ast.Unparen(dst)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = ast.Unparen(sel.X)
		if t := info.TypeOf(e); t != nil && isObject(t) {
			return types.ExprString(e)
		}
	}
	for s := c.pass.Pkg.Scope().Innermost(pos); s != nil && s != c.pass.Pkg.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if ok && v.Pos() < pos && isObject(v.Type()) {
				return name
			}
		}
	}
	return ""
}

// isObject reports whether t has the metadata accessors of an API object.
func isObject(t types.Type) bool {
	ms := types.NewMethodSet(t)
	if _, ok := t.Underlying().(*types.Interface); !ok {
		if _, isPtr := t.(*types.Pointer); !isPtr {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
	}
	return ms.Lookup(nil, "GetGeneration") != nil && ms.Lookup(nil, "GetUID") != nil
}
