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
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/valueflow"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Warning
)

// Analyzer is the conditions rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "conditions",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, valueflow.Analyzer},
}.Analyzer(run)

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
	msgErrText   = "condition %s from error text: the API server rejects a %s that does not match %s (error text has spaces, dots, quotes), so the whole status write fails, and the value changes with every failure: use a constant CamelCase %s and put the error into Message"
	msgNonConst  = "condition %s is not a constant: a value computed at run time can fail the API's pattern %s, and then the whole status write is rejected: use a constant CamelCase %s and put the details into Message"
	msgBadConst  = "condition %s %q does not match %s: the API server rejects the status write that carries it"
	msgMissing   = "condition without a %s: the API server rejects a condition whose %s is empty, so the status write fails"
	msgBadStatus = "condition Status %q is not True, False or Unknown: the API server rejects the status write that carries it (the values are case-sensitive): use metav1.ConditionTrue, ConditionFalse or ConditionUnknown"
	msgObsGen    = "condition without ObservedGeneration while the generation of %s is at hand: clients cannot tell whether the condition describes the current spec or an older one: set ObservedGeneration: %s.GetGeneration()"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "Condition") == nil {
		return rep.Outcome(), nil
	}
	flow := pass.ResultOf[valueflow.Analyzer].(*valueflow.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{pass: pass, rep: rep, flow: flow, root: ins.Root(), reported: map[token.Pos]bool{}}
	for _, f := range flow.Flows() {
		if !rep.Skip(f.Expr.Pos()) {
			c.judge(f)
		}
	}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		if !rep.Skip(cur.Node().Pos()) {
			c.call(cur, cur.Node().(*ast.CallExpr))
		}
	}
	return rep.Outcome(), nil
}

type checker struct {
	pass     *analysis.Pass
	rep      *analyzerutil.Reporter
	flow     *valueflow.Result
	root     inspector.Cursor
	reported map[token.Pos]bool
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

func isCondition(t types.Type) bool { return valueflow.IsCondition(t) }

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

var fieldOf = map[valueflow.Sink]string{
	valueflow.ConditionType: "Type", valueflow.ConditionReason: "Reason", valueflow.ConditionStatus: "Status",
}

// judge checks one value that reaches the Type, Reason or Status of a condition.
func (c *checker) judge(f valueflow.Flow) {
	field, ok := fieldOf[f.Sink]
	if !ok {
		return
	}
	pattern := reasonPattern.String()
	if field == "Type" {
		pattern = "a qualified name such as Ready or example.com/Ready"
	}
	if field != "Status" {
		for _, o := range f.Origins {
			if o.Kind == valueflow.ErrText {
				c.reportf(f.Expr, msgErrText+"%s", field, field, pattern, field, f.Through(o, "sets the condition"))
				return
			}
		}
		for _, o := range f.Origins {
			if o.Kind == valueflow.Computed {
				c.reportf(f.Expr, msgNonConst+"%s", field, pattern, field, f.Through(o, "sets the condition"))
				break
			}
		}
	}
	for _, o := range f.Origins {
		if o.Kind != valueflow.Const || o.Placeholder || o.Value.Kind() != constant.String {
			continue
		}
		node := o.Node
		if node == nil {
			node = f.Expr
		}
		s := constant.StringVal(o.Value)
		switch {
		case field == "Status":
			if s != "True" && s != "False" && s != "Unknown" {
				c.reportf(node, msgBadStatus+"%s", s, f.Through(o, "sets the condition"))
			}
		case s == "" && c.testedNonEmpty(f.Expr):
			// The empty value is tested away before it reaches the condition.
		case s == "":
			c.reportf(node, msgMissing+"%s", field, field, f.Through(o, "sets the condition"))
		case field == "Reason" && (len(s) > maxReason || !reasonPattern.MatchString(s)),
			field == "Type" && (len(s) > maxType || !typePattern.MatchString(s)):
			c.reportf(node, msgBadConst+"%s", field, s, pattern, f.Through(o, "sets the condition"))
		}
	}
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
	switch x := ast.Unparen(cond).(type) {
	case *ast.CompositeLit:
		lits = append(lits, x)
	case *ast.Ident:
		v, _ = info.Uses[x].(*types.Var)
		if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return
		}
		for _, rhs := range c.flow.Values(v) {
			if rhs == valueflow.Zero {
				continue
			}
			lit, ok := ast.Unparen(rhs).(*ast.CompositeLit)
			if !ok {
				return // built elsewhere: not judged
			}
			lits = append(lits, lit)
		}
	default:
		return
	}
	assigned := func(field string) bool { return v != nil && c.flow.FieldAssigned(v, field) }
	for _, lit := range lits {
		m, keyed := fields(lit)
		if !keyed {
			continue
		}
		if m["ObservedGeneration"] == nil && !assigned("ObservedGeneration") && !statusGeneration(cur, dst) {
			if obj := c.objectOf(dst, lit.Pos()); obj != "" {
				c.reportf(lit, msgObsGen, obj, obj)
			}
		}
		if viaSet {
			for _, f := range []string{"Type", "Reason"} {
				if m[f] == nil && !assigned(f) {
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

func isObject(t types.Type) bool { return valueflow.IsObject(t) }

// testedNonEmpty reports whether the string variable e is known to be non-empty
// where it stands: inside the then-branch of an if whose condition requires
// e != "" (or len(e) > 0), or after an if that tests e == "" (or len(e) == 0)
// and leaves the block (kuberay's `if reason := failureReason(err); reason != ""`).
func (c *checker) testedNonEmpty(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	cur, ok := c.root.FindNode(id)
	if !ok {
		return false
	}
	for ; cur.Node() != nil; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		switch parent := cur.Parent().Node().(type) {
		case *ast.IfStmt:
			if k, _ := cur.ParentEdge(); k == edge.IfStmt_Body && c.conjunct(parent.Cond, v) {
				return true
			}
		case *ast.BlockStmt:
			for prev, ok := cur.PrevSibling(); ok; prev, ok = prev.PrevSibling() {
				ifs, isIf := prev.Node().(*ast.IfStmt)
				if isIf && ifs.Else == nil && leaves(ifs.Body) && c.disjunct(ifs.Cond, v) {
					return true
				}
			}
		}
	}
	return false
}

// conjunct reports whether cond, split at &&, has a term that tests v non-empty.
func (c *checker) conjunct(cond ast.Expr, v *types.Var) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return c.conjunct(b.X, v) || c.conjunct(b.Y, v)
	}
	return c.emptyTest(cond, v) == 1
}

// disjunct reports whether cond, split at ||, has a term that tests v empty: when
// the branch leaves, v is non-empty after it.
func (c *checker) disjunct(cond ast.Expr, v *types.Var) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return c.disjunct(b.X, v) || c.disjunct(b.Y, v)
	}
	return c.emptyTest(cond, v) == -1
}

// emptyTest classifies a comparison of v: 1 for v != "" and len(v) > 0 (or != 0,
// >= 1), -1 for v == "" and len(v) == 0, 0 otherwise.
func (c *checker) emptyTest(e ast.Expr, v *types.Var) int {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return 0
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	info := c.pass.TypesInfo
	isV := func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && info.Uses[id] == v }
	isLenV := func(e ast.Expr) bool {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !isV(ast.Unparen(call.Args[0])) {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		bi, isBuiltin := info.Uses[id].(*types.Builtin)
		return ok && isBuiltin && bi.Name() == "len"
	}
	constVal := func(e ast.Expr) constant.Value {
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			return tv.Value
		}
		return nil
	}
	isEmptyString := func(e ast.Expr) bool {
		cv := constVal(e)
		return cv != nil && cv.Kind() == constant.String && constant.StringVal(cv) == ""
	}
	isInt := func(e ast.Expr, n int64) bool {
		cv := constVal(e)
		return cv != nil && cv.Kind() == constant.Int && constant.Compare(cv, token.EQL, constant.MakeInt64(n))
	}
	switch {
	case isV(x) && isEmptyString(y), isV(y) && isEmptyString(x):
		switch b.Op {
		case token.NEQ:
			return 1
		case token.EQL:
			return -1
		}
	case isLenV(x):
		switch {
		case (b.Op == token.GTR || b.Op == token.NEQ) && isInt(y, 0), b.Op == token.GEQ && isInt(y, 1):
			return 1
		case b.Op == token.EQL && isInt(y, 0), b.Op == token.LSS && isInt(y, 1), b.Op == token.LEQ && isInt(y, 0):
			return -1
		}
	}
	return 0
}

// leaves reports whether a block ends by leaving the enclosing block (return,
// continue, break, goto or panic).
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}
