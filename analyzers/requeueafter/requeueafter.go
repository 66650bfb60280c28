package requeueafter

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"
	"time"

	"golang.org/x/tools/go/analysis"
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

// Analyzer is the requeueafter rule with the default configuration.
var Analyzer = analyzerutil.Must(New(DefaultConfig()))

const msg = "RequeueAfter of %v reconciles the object %s for as long as it waits, whether anything changed or not: a busy poll that loads the API server and the queue; watch the object you wait for (Owns, Watches) so that its change triggers the reconcile, or poll an external system at %v or more"

// msgAfterWrite is the message of a short requeue right after a write, with the option
// reportAfterWrite.
const msgAfterWrite = "RequeueAfter of %v right after a write stands in for a recursive call: the write is itself an event that requeues the object when the cache has it, and a reconcile %v later may still read the object from before the write; return the zero Result and let the write's event requeue, or requeue after as long as the next step needs"

// options are the validated options of the rule.
type options struct {
	threshold  time.Duration
	afterWrite bool // also report short requeues right after a write
}

func run(pass *analysis.Pass, o options) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	for cur := range analyzerutil.ResultWrites(pass, rep) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			checkLiteral(pass, rep, cur, n, o)
		case *ast.AssignStmt:
			checkAssign(pass, rep, cur, n, o)
		}
	}
	return rep.Outcome(), nil
}

// short returns the constant duration of e when it is positive and below threshold.
func short(pass *analysis.Pass, e ast.Expr, threshold time.Duration) (time.Duration, bool) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	if !ok || n <= 0 || time.Duration(n) >= threshold {
		return 0, false
	}
	return time.Duration(n), true
}

func checkLiteral(pass *analysis.Pass, rep *analyzerutil.Reporter, cur inspector.Cursor, lit *ast.CompositeLit, o options) {
	threshold := o.threshold
	t := pass.TypesInfo.TypeOf(lit)
	if t == nil || !k8sapi.IsResult(t) {
		return
	}
	for i, elt := range lit.Elts {
		name, v := analyzerutil.LiteralField(t, lit, i)
		if name != "RequeueAfter" {
			continue
		}
		d, ok := short(pass, v, threshold)
		if !ok {
			return
		}
		// Returned with an error that is certainly non-nil: the controller ignores
		// RequeueAfter there (the resulterr rule reports it).
		if ret, ok := cur.Parent().Node().(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == lit &&
			analyzerutil.CertainlyNonNil(pass, cur.Parent(), ret.Results[1]) {
			return
		}
		reportAt(pass, rep, cur, elt, d, o)
		return
	}
}

func checkAssign(pass *analysis.Pass, rep *analyzerutil.Reporter, cur inspector.Cursor, as *ast.AssignStmt, o options) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RequeueAfter" {
			continue
		}
		xt := pass.TypesInfo.TypeOf(sel.X)
		if xt == nil || !k8sapi.IsResult(xt) && !k8sapi.IsPointerTo(xt, k8sapi.ReconcilePkg, "Result") {
			continue
		}
		if d, ok := short(pass, as.Rhs[i], o.threshold); ok {
			reportAt(pass, rep, cur, as, d, o)
		}
	}
}

// reportAt reports the short requeue d at the node at (cur is the Result literal or
// the assignment), unless it is one-shot: after a write (reported with the option
// afterWrite) or under a conflict test.
func reportAt(pass *analysis.Pass, rep *analyzerutil.Reporter, cur inspector.Cursor, at ast.Node, d time.Duration, o options) {
	switch afterWrite(pass, cur) {
	case notAfterWrite:
		rep.Reportf(at, msg, d, rate(d), o.threshold)
	case afterAWrite:
		if o.afterWrite {
			rep.Reportf(at, msgAfterWrite, d, d)
		}
	}
}

// rate describes how often an interval of d reconciles: "10 times a second", "every 2s".
func rate(d time.Duration) string {
	if d >= time.Second {
		return "every " + d.String()
	}
	if n := int64(time.Second / d); n > 1 {
		return strconv.FormatInt(n, 10) + " times a second"
	}
	return "about once a second"
}
