package reach

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// maxConflictRetryWait is the longest worst-case total wait of a wait.ExponentialBackoff
// that is still treated as a conflict retry rather than a wait. retry.DefaultRetry waits
// at most 44ms in all, retry.DefaultBackoff 341ms; cluster-api's patch helper (5 steps of
// 100ms with jitter 1.0) 800ms.
const maxConflictRetryWait = time.Second

// boundedRetry reports whether call, a call of wait.ExponentialBackoff or
// wait.ExponentialBackoffWithContext, uses a Backoff whose fields are constants and whose
// worst-case total wait is at most maxConflictRetryWait. Such a loop only waits between
// failed attempts and is bounded like retry.RetryOnConflict, so it is not a wait on the
// worker in the sense of the sleep rule (the retryloop rule looks at retries).
func boundedRetry(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) bool {
	idx := 0
	if k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.WaitPkg, "ExponentialBackoffWithContext") {
		idx = 1
	} else if !k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.WaitPkg, "ExponentialBackoff") {
		return false
	}
	if len(call.Args) <= idx {
		return false
	}
	wait, ok := backoffWait(pass, cur, call.Args[idx])
	return ok && wait <= maxConflictRetryWait
}

// longConflictRetry returns "retry.RetryOnConflict" or "retry.OnError" when call is one
// of them and its Backoff is constant with a worst-case total wait above
// maxConflictRetryWait (Steps 10, Duration 1s, Factor 2 sleeps 1+2+...+256 = 511s on
// the worker), and "" otherwise: with retry.DefaultRetry, DefaultBackoff or another
// short Backoff they are the bounded conflict retries they are meant to be, and a
// Backoff that is not constant is not judged.
func longConflictRetry(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
	if !k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.RetryPkg, "RetryOnConflict", "OnError") || len(call.Args) == 0 {
		return ""
	}
	if wait, ok := backoffWait(pass, cur, call.Args[0]); !ok || wait <= maxConflictRetryWait {
		return ""
	}
	return "retry." + k8sapi.Callee(pass.TypesInfo, call).Name()
}

// backoffWait returns the worst-case total sleep of an ExponentialBackoff loop with the
// Backoff expression e.
func backoffWait(pass *analysis.Pass, cur inspector.Cursor, e ast.Expr) (time.Duration, bool) {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.CompositeLit:
		return literalWait(pass, x)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		if k8sapi.IsObj(v, k8sapi.RetryPkg, "DefaultRetry") {
			return worstWait(5, 10*time.Millisecond, 1.0, 0.1, 0), true
		}
		if k8sapi.IsObj(v, k8sapi.RetryPkg, "DefaultBackoff") {
			return worstWait(4, 10*time.Millisecond, 5.0, 0.1, 0), true
		}
		if v.Pkg() != pass.Pkg {
			return 0, false
		}
		if lit := definingLiteral(pass, cur, v); lit != nil {
			return literalWait(pass, lit)
		}
	}
	return 0, false
}

// definingLiteral finds the composite literal that defines v (x := T{...} or
// var x = T{...}) in the enclosing function or at package level, provided v is not
// assigned again in that function.
func definingLiteral(pass *analysis.Pass, cur inspector.Cursor, v *types.Var) *ast.CompositeLit {
	var scope ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		scope = c.Node()
	}
	var nodes []ast.Node
	if v.Parent() == pass.Pkg.Scope() {
		for _, f := range pass.Files { // a package-level variable: every file may assign it
			nodes = append(nodes, f)
		}
	} else if scope != nil {
		nodes = append(nodes, scope)
	}
	var lit *ast.CompositeLit
	assigns := 0
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.AssignStmt:
				for i, l := range s.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
							assigns += 2 // a field changes
						}
						continue
					}
					id, ok := l.(*ast.Ident)
					if !ok || (pass.TypesInfo.Defs[id] != v && pass.TypesInfo.Uses[id] != v) {
						continue
					}
					assigns++
					if s.Tok == token.DEFINE && len(s.Lhs) == len(s.Rhs) {
						lit, _ = ast.Unparen(s.Rhs[i]).(*ast.CompositeLit)
					}
				}
			case *ast.ValueSpec:
				for i, id := range s.Names {
					if pass.TypesInfo.Defs[id] == v && i < len(s.Values) {
						assigns++
						lit, _ = ast.Unparen(s.Values[i]).(*ast.CompositeLit)
					}
				}
			case *ast.IncDecStmt:
				if sel, ok := ast.Unparen(s.X).(*ast.SelectorExpr); ok {
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
						assigns += 2
					}
				}
			case *ast.UnaryExpr:
				if id, ok := s.X.(*ast.Ident); ok && s.Op == token.AND && pass.TypesInfo.Uses[id] == v {
					assigns += 2 // address taken: may change
				}
			}
			return true
		})
	}
	if assigns != 1 {
		return nil
	}
	return lit
}

// literalWait evaluates a wait.Backoff literal whose fields are constants.
func literalWait(pass *analysis.Pass, lit *ast.CompositeLit) (time.Duration, bool) {
	if t := pass.TypesInfo.TypeOf(lit); t == nil || !k8sapi.IsType(t, k8sapi.WaitPkg, "Backoff") {
		return 0, false
	}
	var steps int64
	var dur, capd time.Duration
	factor, jitter := 0.0, 0.0
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return 0, false
		}
		key, _ := kv.Key.(*ast.Ident)
		tv, ok := pass.TypesInfo.Types[kv.Value]
		if key == nil || !ok || tv.Value == nil {
			return 0, false
		}
		switch key.Name {
		case "Steps":
			steps, _ = constant.Int64Val(constant.ToInt(tv.Value))
		case "Duration":
			d, _ := constant.Int64Val(constant.ToInt(tv.Value))
			dur = time.Duration(d)
		case "Cap":
			d, _ := constant.Int64Val(constant.ToInt(tv.Value))
			capd = time.Duration(d)
		case "Factor":
			factor, _ = constant.Float64Val(constant.ToFloat(tv.Value))
		case "Jitter":
			jitter, _ = constant.Float64Val(constant.ToFloat(tv.Value))
		}
	}
	return worstWait(steps, dur, factor, jitter, capd), true
}

// worstWait is the longest total sleep of wait.ExponentialBackoff with this Backoff: it
// sleeps between attempts, at most Steps-1 times, each sleep at most (1+Jitter) times the
// current duration, which is multiplied by Factor after each step and capped at Cap.
func worstWait(steps int64, dur time.Duration, factor, jitter float64, capd time.Duration) time.Duration {
	total := 0.0
	d := float64(dur)
	for i := int64(0); i < steps-1 && i < 64; i++ {
		cur := d
		if capd > 0 && cur > float64(capd) {
			cur = float64(capd)
		}
		if jitter > 0 {
			cur *= 1 + jitter
		}
		total += cur
		if total > float64(time.Hour) {
			break
		}
		if factor != 0 {
			d *= factor
		}
	}
	return time.Duration(total)
}
