package lsp_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/internal/brokencorpus"
	"github.com/reconcilelint/reconcilelint/internal/lsp"
)

// alive fails the test unless the server answers a request within the timeout and its
// process is still running.
func (c *client) alive(path string) {
	c.tb.Helper()
	if c.cmd.ProcessState != nil {
		c.tb.Fatalf("the server exited: %v\nstderr:\n%s", c.cmd.ProcessState, c.stderr.String())
	}
	var actions []lsp.CodeAction
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := c.conn.Call(ctx, "textDocument/codeAction", lsp.CodeActionParams{
		TextDocument: lsp.TextDocumentIdentifier{URI: uri(path)},
		Range:        lsp.Range{Start: lsp.Position{Line: 0}, End: lsp.Position{Line: 1}},
	}, &actions)
	if err != nil {
		c.tb.Fatalf("the server does not answer: %v\nstderr:\n%s", err, c.stderr.String())
	}
}

// shownMessages returns the window/showMessage notifications received so far.
func (c *client) shownMessages() []lsp.ShowMessageParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]lsp.ShowMessageParams(nil), c.shown...)
}

// waitShown waits for a window/showMessage that contains every one of parts.
func (c *client) waitShown(parts []string) string {
	c.tb.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		for _, m := range c.shownMessages() {
			ok := true
			for _, p := range parts {
				ok = ok && strings.Contains(m.Message, p)
			}
			if ok {
				return m.Message
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.tb.Fatalf("no window/showMessage with %q; shown: %+v; logs: %+v", parts, c.shownMessages(), c.logMessages())
	return ""
}

// TestBrokenModulesLSP opens a file of every module of the broken-module corpus in the
// language server: a package that cannot be analysed is announced once with a
// window/showMessage that says why (and stays announced once through edits), the
// others get their diagnostics, and the server answers requests throughout.
func TestBrokenModulesLSP(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("loads every module of the broken-module corpus")
	}
	for _, bc := range brokencorpus.Cases {
		t.Run(bc.Name, func(t *testing.T) {
			t.Parallel()
			dir, err := bc.Prepare(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			c := startEnv(t, dir, 20, bc.Env)
			file := filepath.Join(dir, filepath.FromSlash(bc.Open))
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c.open(file, string(text))
			if bc.Show == nil {
				c.waitDiags(file, 1)
				for _, m := range c.shownMessages() {
					t.Errorf("shown for a package that is analysed: %s", m.Message)
				}
				c.alive(file)
				return
			}
			msg := c.waitShown(bc.Show)
			// Edits that do not touch the cause: no new message, the server answers.
			for v := 2; v <= 4; v++ {
				c.change(file, v, string(text)+strings.Repeat("\n// edit", v))
				c.alive(file)
			}
			time.Sleep(300 * time.Millisecond)
			n := 0
			for _, m := range c.shownMessages() {
				if m.Message == msg {
					n++
				}
			}
			if n != 1 {
				t.Errorf("the message was shown %d times, want once: %s", n, msg)
			}
			c.alive(file)
		})
	}
}

// editor is a random editor of one file: it deletes, duplicates and retypes lines,
// leaves braces unbalanced, and breaks an import, as a person typing does.
type editor struct {
	rnd   *rand.Rand
	lines []string
}

func (e *editor) edit() {
	if len(e.lines) == 0 {
		e.lines = []string{"package controllers"}
	}
	i := e.rnd.IntN(len(e.lines))
	switch e.rnd.IntN(7) {
	case 0: // delete a line
		e.lines = append(e.lines[:i], e.lines[i+1:]...)
	case 1: // duplicate a line
		e.lines = append(e.lines[:i+1], e.lines[i:]...)
	case 2: // retype a line: a prefix of it, as it is being typed
		if l := e.lines[i]; len(l) > 0 {
			e.lines[i] = l[:e.rnd.IntN(len(l))]
		}
	case 3: // an unbalanced brace
		e.lines[i] += []string{"{", "}", "(", ")"}[e.rnd.IntN(4)]
	case 4: // a broken import (a path no module provides), at most rarely: it reloads
		if e.rnd.IntN(4) == 0 {
			for k, l := range e.lines {
				if strings.HasPrefix(strings.TrimSpace(l), `"`) && strings.HasSuffix(l, `"`) {
					e.lines[k] = "\t\"example.com/does/not/exist\""
					break
				}
			}
		}
	case 5: // swap two lines
		j := e.rnd.IntN(len(e.lines))
		e.lines[i], e.lines[j] = e.lines[j], e.lines[i]
	case 6: // type some characters
		const keys = "abcxyz.:=(){}\" "
		e.lines[i] += string(keys[e.rnd.IntN(len(keys))])
	}
}

func (e *editor) text() string { return strings.Join(e.lines, "\n") }

// setTB sets the test the client reports to.
func (c *client) setTB(tb testing.TB) {
	c.mu.Lock()
	c.tb = tb
	c.mu.Unlock()
}

// FuzzEditsNeverKillTheServer drives the language server as an editor does over a
// real controller file (testdata/e2e/operator's configmap controller, on the real
// controller-runtime): each input is a seed for a run of random edits sent as
// didChange notifications without waiting (deleted, duplicated and half-typed lines,
// unbalanced braces, a broken import), with a request every few edits. The server
// must never exit, must answer every request, and must publish the original
// diagnostics again once the file is restored. `go test` runs the seeds below (about
// 300 edits, part of make test); `go test -fuzz=FuzzEditsNeverKillTheServer` explores.
func FuzzEditsNeverKillTheServer(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 28} {
		f.Add(seed, uint8(75))
	}
	// One server for every input, as one editor session: it is started here, before
	// the fuzz target, and the target reuses it.
	dir := copyModule(f, "operator")
	c := start(f, dir, 10)
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	data, err := os.ReadFile(file)
	if err != nil {
		f.Fatal(err)
	}
	orig := string(data)
	version := 1
	c.open(file, orig)
	want := summary(c.waitDiags(file, 1))
	if len(want) == 0 {
		f.Fatal("the controller file has no findings: the restore check would prove nothing")
	}
	var mu sync.Mutex
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		mu.Lock()
		defer mu.Unlock()
		c.setTB(t)
		defer c.setTB(f)
		e := &editor{rnd: rand.New(rand.NewPCG(seed, uint64(n))), lines: strings.Split(orig, "\n")}
		for i := 0; i < int(n); i++ {
			e.edit()
			version++
			c.change(file, version, e.text())
			if i%15 == 14 {
				c.alive(file)
				// Let some analyses of broken states run to the end.
				c.waitDiagsOrProblem(file, version)
			}
		}
		c.alive(file)
		version++
		c.change(file, version, orig)
		if got := summary(c.waitDiags(file, version)); !equal(got, want) {
			t.Fatalf("after the file was restored:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		c.alive(file)
	})
}

// waitDiagsOrProblem waits until the server published diagnostics for version, or
// logged a problem after it (a package that does not parse keeps its old diagnostics
// and logs the problem instead), or a few seconds passed.
func (c *client) waitDiagsOrProblem(path string, version int) {
	deadline := time.After(5 * time.Second)
	logs := len(c.logMessages())
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri(path) && p.Version != nil && *p.Version >= version {
				return
			}
		case <-deadline:
			return
		case <-time.After(50 * time.Millisecond):
			if len(c.logMessages()) > logs {
				return
			}
		}
	}
}
