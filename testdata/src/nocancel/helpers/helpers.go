// Package helpers is a helper package of the module with no reconciler: a helper that
// has a ctx and makes a call that ignores it is reported here, once, with the fix.
package helpers

import (
	"context"
	"net/http"
	"os/exec"
)

// Fetch has a ctx and ignores it.
func Fetch(ctx context.Context, url string) error {
	resp, err := http.Get(url) // want `^http.Get cannot be cancelled: the ctx its callers pass cannot stop it: it goes on past that ctx's deadline and cancellation, and so does whoever waits for it \(a reconcile worker, a webhook request, a command\); build the request with http.NewRequestWithContext\(ctx, \.\.\.\) and send it with Client.Do \(Fetch\)$`
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// Git passes its ctx to a helper that ignores it: the finding is in the helper.
func Git(ctx context.Context, args ...string) error {
	return run(ctx, "git", args...)
}

func run(ctx context.Context, name string, args ...string) error {
	return exec.Command(name, args...).Run() // want `^exec.Command cannot be cancelled: the ctx its callers pass .*; use CommandContext with the ctx \(Git → run\)$`
}

// Not reported below.

// Good uses the Context variant.
func Good(ctx context.Context, name string) error {
	return exec.CommandContext(ctx, name).Run()
}

// NoCtx has no ctx: its callers are reported.
func NoCtx(name string) error {
	return exec.Command(name).Run()
}

// Async runs the command on another goroutine.
func Async(ctx context.Context, name string) {
	go func() { _ = exec.Command(name).Run() }()
}

// unused is reached from no exported function.
func unused(ctx context.Context, name string) error {
	return exec.Command(name).Run()
}
