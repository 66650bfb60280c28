package k8sapi

import (
	"go/ast"
	"go/types"
)

// NoCancel describes a call that cannot be cancelled through a context.
type NoCancel struct {
	// Desc names the call: "exec.Command", "http.Client.Get", "sql.DB.Query".
	Desc string
	// Variant is the name of the function or method that takes a context.Context first
	// and otherwise the same arguments ("CommandContext"), or "" when the rewrite is not
	// mechanical (http.Get needs a request and a client).
	Variant string
	// ExtraArgs are appended after the ctx by the rewrite (", nil" for Begin → BeginTx).
	ExtraArgs string
}

// noCancelFuncs lists package-level functions: path → name → context variant.
var noCancelFuncs = map[string]map[string]string{
	"net/http": {"Get": "", "Head": "", "Post": "", "PostForm": "", "NewRequest": "NewRequestWithContext"},
	"os/exec":  {"Command": "CommandContext"},
	"net":      {"Dial": "", "DialTimeout": ""},
}

// noCancelMethods lists methods: path.Recv → name → context variant.
var noCancelMethods = map[[2]string]map[string]string{
	{"net/http", "Client"}:   {"Get": "", "Head": "", "Post": "", "PostForm": ""},
	{"net", "Dialer"}:        {"Dial": "DialContext"},
	{"database/sql", "DB"}:   {"Query": "QueryContext", "QueryRow": "QueryRowContext", "Exec": "ExecContext", "Ping": "PingContext", "Begin": "BeginTx", "Prepare": "PrepareContext"},
	{"database/sql", "Tx"}:   {"Query": "QueryContext", "QueryRow": "QueryRowContext", "Exec": "ExecContext", "Prepare": "PrepareContext", "Stmt": "StmtContext"},
	{"database/sql", "Stmt"}: {"Query": "QueryContext", "QueryRow": "QueryRowContext", "Exec": "ExecContext"},
}

// NoCancelCall recognises a call of the standard library that ignores cancellation and
// has (or lacks) a context-taking variant: http.Get/Head/Post/PostForm, http.NewRequest,
// (*http.Client).Get/Head/Post/PostForm, exec.Command, net.Dial/DialTimeout,
// (*net.Dialer).Dial, and the database/sql methods of DB, Tx and Stmt without Context.
func NoCancelCall(info *types.Info, call *ast.CallExpr) (NoCancel, bool) {
	obj := Callee(info, call)
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return NoCancel{}, false
	}
	path := fn.Pkg().Path()
	if m, ok := MethodOf(fn); ok {
		names, ok := noCancelMethods[[2]string{m.Pkg, m.Recv}]
		if !ok {
			return NoCancel{}, false
		}
		v, ok := names[m.Name]
		if !ok {
			return NoCancel{}, false
		}
		nc := NoCancel{Desc: fn.Pkg().Name() + "." + m.Recv + "." + m.Name, Variant: v}
		if m.Name == "Begin" {
			nc.ExtraArgs = ", nil"
		}
		return nc, true
	}
	if v, ok := noCancelFuncs[path][fn.Name()]; ok && IsObj(fn, path, fn.Name()) {
		return NoCancel{Desc: fn.Pkg().Name() + "." + fn.Name(), Variant: v}, true
	}
	return NoCancel{}, false
}
