package lsp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/reconcilelint/reconcilelint/internal/lsp"

	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

var binary string

func TestMain(m *testing.M) { testbin.Main(m, "reconcilelint-lsp", &binary) }

// copyModule copies testdata/e2e/NAME into a temporary directory.
func copyModule(tb testing.TB, name string) string {
	tb.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "e2e", name))
	if err != nil {
		tb.Fatal(err)
	}
	dst := filepath.Join(tb.TempDir(), name)
	if err := testbin.CopyTree(src, dst); err != nil {
		tb.Fatal(err)
	}
	return dst
}

// client speaks JSON-RPC to a `reconcilelint lsp` process over its stdio.
type client struct {
	tb     testing.TB
	cmd    *exec.Cmd
	conn   *jsonrpc2.Conn
	stderr *syncBuffer
	diags  chan lsp.PublishDiagnosticsParams

	mu    sync.Mutex
	logs  []lsp.LogMessageParams
	shown []lsp.ShowMessageParams
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type pipes struct {
	r interface{ Read([]byte) (int, error) }
	w interface {
		Write([]byte) (int, error)
		Close() error
	}
}

func (p pipes) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipes) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipes) Close() error                { return p.w.Close() }

// timeout bounds every wait: the machine that runs the tests may be heavily loaded.
const timeout = 12 * time.Minute

func start(tb testing.TB, dir string, debounceMillis int) *client {
	tb.Helper()
	return startEnv(tb, dir, debounceMillis, nil)
}

// startEnv is start with more environment variables.
func startEnv(tb testing.TB, dir string, debounceMillis int, env []string) *client {
	tb.Helper()
	cmd := exec.Command(binary, "lsp")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod"), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	c := &client{tb: tb, cmd: cmd, stderr: &syncBuffer{}, diags: make(chan lsp.PublishDiagnosticsParams, 1000)}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if tb.Failed() {
			tb.Logf("server stderr:\n%s", c.stderr.String())
		}
	})
	c.conn = jsonrpc2.NewConn(context.Background(),
		jsonrpc2.NewBufferedStream(pipes{stdout, stdin}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(c.handle), jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	var res lsp.InitializeResult
	c.call("initialize", map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               uri(dir),
		"workspaceFolders":      []lsp.WorkspaceFolder{{URI: uri(dir), Name: "operator"}},
		"capabilities":          map[string]any{},
		"initializationOptions": map[string]any{"debounceMillis": debounceMillis},
	}, &res)
	if res.Capabilities.TextDocumentSync.Change != 1 || !res.Capabilities.TextDocumentSync.OpenClose ||
		len(res.Capabilities.CodeActionProvider.CodeActionKinds) != 1 || res.Capabilities.CodeActionProvider.CodeActionKinds[0] != "quickfix" {
		tb.Fatalf("capabilities: %+v", res.Capabilities)
	}
	c.notify("initialized", map[string]any{})
	return c
}

func (c *client) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p lsp.PublishDiagnosticsParams
		if err := json.Unmarshal(*req.Params, &p); err != nil {
			c.mu.Lock()
			tb := c.tb
			c.mu.Unlock()
			tb.Errorf("publishDiagnostics: %v", err)
		}
		c.diags <- p
	case "window/logMessage":
		var p lsp.LogMessageParams
		json.Unmarshal(*req.Params, &p)
		c.mu.Lock()
		c.logs = append(c.logs, p)
		c.mu.Unlock()
	case "window/showMessage":
		var p lsp.ShowMessageParams
		json.Unmarshal(*req.Params, &p)
		c.mu.Lock()
		c.shown = append(c.shown, p)
		c.mu.Unlock()
	}
	return nil, nil
}

func (c *client) call(method string, params, result any) {
	c.tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.tb.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.tb.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.tb.Fatalf("%s: %v", method, err)
	}
}

func (c *client) open(path, text string) {
	c.notify("textDocument/didOpen", lsp.DidOpenTextDocumentParams{TextDocument: lsp.TextDocumentItem{
		URI: uri(path), LanguageID: "go", Version: 1, Text: text}})
}

func (c *client) change(path string, version int, text string) {
	c.notify("textDocument/didChange", lsp.DidChangeTextDocumentParams{
		TextDocument:   lsp.VersionedTextDocumentIdentifier{URI: uri(path), Version: version},
		ContentChanges: []lsp.TextDocumentContentChangeEvent{{Text: text}}})
}

// waitDiags returns the first diagnostics published for path at version.
func (c *client) waitDiags(path string, version int) []lsp.Diagnostic {
	c.tb.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri(path) && p.Version != nil && *p.Version == version {
				return p.Diagnostics
			}
		case <-deadline:
			c.tb.Fatalf("no diagnostics for %s version %d; logs: %+v", path, version, c.logMessages())
		}
	}
}

func (c *client) logMessages() []lsp.LogMessageParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]lsp.LogMessageParams(nil), c.logs...)
}

// waitLog waits for a window/logMessage containing substr.
func (c *client) waitLog(substr string) lsp.LogMessageParams {
	c.tb.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		for _, l := range c.logMessages() {
			if strings.Contains(l.Message, substr) {
				return l
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.tb.Fatalf("no log message containing %q; logs: %+v", substr, c.logMessages())
	return lsp.LogMessageParams{}
}

func uri(path string) string { return "file://" + filepath.ToSlash(path) }

// summary renders diagnostics as "line:col-line:col code severity" (zero-based, UTF-16).
func summary(ds []lsp.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %s %d", d.Range.Start.Line, d.Range.Start.Character,
			d.Range.End.Line, d.Range.End.Character, d.Code, d.Severity))
	}
	sort.Strings(out)
	return out
}

func equal(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}

// apply applies the edits of a WorkspaceEdit for path to text.
func apply(t *testing.T, text, path string, edit *lsp.WorkspaceEdit) string {
	t.Helper()
	if edit == nil || len(edit.Changes) != 1 {
		t.Fatalf("edit: %+v", edit)
	}
	edits := edit.Changes[uri(path)]
	if len(edits) == 0 {
		t.Fatalf("edit for another file: %+v", edit)
	}
	sort.Slice(edits, func(i, j int) bool {
		a, b := edits[i].Range.Start, edits[j].Range.Start
		return a.Line > b.Line || a.Line == b.Line && a.Character > b.Character
	})
	for _, e := range edits { // from the end, so earlier offsets stay valid
		start, end := lsp.Offset(text, e.Range.Start), lsp.Offset(text, e.Range.End)
		text = text[:start] + e.NewText + text[end:]
	}
	return text
}

func gofmted(src string) bool {
	out, err := format.Source([]byte(src))
	return err == nil && string(out) == src
}

func TestServer(t *testing.T) {
	dir := copyModule(t, "operator")
	c := start(t, dir, 100)
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(orig)

	// Diagnostics appear for an opened file: the findings of expected.txt, zero-based.
	c.open(file, text)
	got := c.waitDiags(file, 1)
	want := []string{
		"33:2-33:29 sleep 2",
		"34:21-34:34 requeue 2",
		"37:21-37:34 requeue 2",
		"40:21-40:34 requeue 2",
		"47:8-49:3 sleep 2",
	}
	if !equal(summary(got), want) {
		t.Fatalf("diagnostics of the opened file:\n%s\nwant:\n%s", strings.Join(summary(got), "\n"), strings.Join(want, "\n"))
	}
	for _, d := range got {
		if d.Source != "reconcilelint" || d.CodeDescription == nil || !strings.Contains(d.CodeDescription.Href, "/docs/rules/"+d.Code+".md") {
			t.Errorf("diagnostic %+v: want source reconcilelint and the rule's doc URL", d)
		}
	}

	t.Run("unsaved edit", func(t *testing.T) {
		// A sleep after a comment with non-ASCII text: the column counts UTF-16 units
		// (⏳ is one, 🕐 two), not bytes.
		edited := strings.Replace(text, "\tlogger.Info(\"reconciled\")\n",
			"\t/* ⏳🕐 */ time.Sleep(time.Second)\n\tlogger.Info(\"reconciled\")\n", 1)
		c.change(file, 2, edited)
		got := c.waitDiags(file, 2)
		want := []string{
			"33:2-33:29 sleep 2",
			"34:21-34:34 requeue 2",
			"37:21-37:34 requeue 2",
			"40:21-40:34 requeue 2",
			"42:11-42:34 sleep 2", // the new one
			"48:8-50:3 sleep 2",   // one line further down
		}
		if !equal(summary(got), want) {
			t.Fatalf("diagnostics after the edit:\n%s\nwant:\n%s", strings.Join(summary(got), "\n"), strings.Join(want, "\n"))
		}
		if disk, _ := os.ReadFile(file); string(disk) != text {
			t.Fatal("the file on disk changed")
		}
		text = edited
	})

	version := 3
	t.Run("code action applies the fix", func(t *testing.T) {
		// The requeue finding of line 41: Requeue next to a positive RequeueAfter.
		var actions []lsp.CodeAction
		c.call("textDocument/codeAction", lsp.CodeActionParams{
			TextDocument: lsp.TextDocumentIdentifier{URI: uri(file)},
			Range:        lsp.Range{Start: lsp.Position{Line: 40, Character: 25}, End: lsp.Position{Line: 40, Character: 25}},
		}, &actions)
		if len(actions) != 2 || actions[0].Kind != "quickfix" || actions[1].Kind != "quickfix" ||
			len(actions[0].Diagnostics) != 1 || actions[0].Diagnostics[0].Code != "requeue" {
			t.Fatalf("actions: %+v", actions)
		}
		if !strings.Contains(actions[1].Title, "Ignore requeue") {
			t.Errorf("second action: %q", actions[1].Title)
		}
		fixed := apply(t, text, file, actions[0].Edit)
		if line := strings.Split(fixed, "\n")[40]; line != "\t\treturn ctrl.Result{RequeueAfter: 30 * time.Second}, nil" {
			t.Fatalf("fixed line 41: %q", line)
		}
		if !actions[0].IsPreferred || actions[0].Title != "Remove Requeue" {
			t.Errorf("fix action: %q preferred=%v", actions[0].Title, actions[0].IsPreferred)
		}
		c.change(file, version, fixed)
		got := c.waitDiags(file, version)
		for _, s := range summary(got) {
			if strings.HasPrefix(s, "40:") {
				t.Errorf("the fixed finding is still reported: %s", s)
			}
		}
		if len(got) != 5 {
			t.Errorf("after the fix: %s", strings.Join(summary(got), "\n"))
		}
		text = fixed
		version++
	})

	t.Run("ignore action", func(t *testing.T) {
		var actions []lsp.CodeAction
		c.call("textDocument/codeAction", lsp.CodeActionParams{
			TextDocument: lsp.TextDocumentIdentifier{URI: uri(file)},
			Range:        lsp.Range{Start: lsp.Position{Line: 33, Character: 2}, End: lsp.Position{Line: 33, Character: 10}},
		}, &actions)
		if len(actions) != 1 || !strings.Contains(actions[0].Title, "Ignore sleep") {
			t.Fatalf("actions on the sleep: %+v", actions)
		}
		ignored := apply(t, text, file, actions[0].Edit)
		lines := strings.Split(ignored, "\n")
		if lines[33] != "\t\t//reconcilelint:ignore sleep <reason>" || lines[34] != "\t\ttime.Sleep(2 * time.Second)" {
			t.Fatalf("after the ignore action:\n%s", strings.Join(lines[31:37], "\n"))
		}
		c.change(file, version, ignored)
		got := c.waitDiags(file, version)
		for _, d := range got {
			if d.Code == "sleep" && d.Range.Start.Line == 34 {
				t.Errorf("the ignored finding is still reported: %+v", d)
			}
		}
		version++
		// Back to the text before, for the next steps.
		c.change(file, version, text)
		c.waitDiags(file, version)
		version++
	})

	t.Run("fix is formatted", func(t *testing.T) {
		// A trailing comment aligned with the one of the line the fix shortens: gofmt
		// (and so -fix) re-aligns it, the analyzer's edit alone does not.
		before := "\t\treturn ctrl.Result{RequeueAfter: 30 * time.Second}, nil\n"
		aligned := "\t\tcm.Data = nil                                                          // a\n" +
			"\t\treturn ctrl.Result{Requeue: true, RequeueAfter: 30 * time.Second}, nil // b\n"
		edited := strings.Replace(text, before, aligned, 1)
		if edited == text || !gofmted(edited) {
			t.Fatal("the test input is not there or not gofmt'd")
		}
		if gofmted(strings.Replace(edited, "Requeue: true, ", "", 1)) {
			t.Fatal("the raw fix is gofmt-clean: the test checks nothing")
		}
		c.change(file, version, edited)
		c.waitDiags(file, version)
		version++
		var actions []lsp.CodeAction
		c.call("textDocument/codeAction", lsp.CodeActionParams{
			TextDocument: lsp.TextDocumentIdentifier{URI: uri(file)},
			Range:        lsp.Range{Start: lsp.Position{Line: 41, Character: 25}, End: lsp.Position{Line: 41, Character: 25}},
		}, &actions)
		if len(actions) != 2 || actions[0].Title != "Remove Requeue" {
			t.Fatalf("actions: %+v", actions)
		}
		for _, e := range actions[0].Edit.Changes[uri(file)] {
			if e.Range.Start.Line < 40 || e.Range.End.Line > 42 {
				t.Errorf("an edit outside the fixed lines: %+v", e)
			}
		}
		fixed := apply(t, edited, file, actions[0].Edit)
		want := strings.Replace(text, before, "\t\tcm.Data = nil                                           // a\n"+
			"\t\treturn ctrl.Result{RequeueAfter: 30 * time.Second}, nil // b\n", 1)
		if fixed != want {
			t.Fatalf("after the fix:\n%s\nwant:\n%s", fixed, want)
		}
		if !gofmted(fixed) {
			t.Error("the fixed file is not gofmt'd")
		}
		c.change(file, version, text)
		c.waitDiags(file, version)
		version++
	})

	t.Run("clear when fixed", func(t *testing.T) {
		secret := filepath.Join(dir, "controllers", "secret_controller.go")
		data, _ := os.ReadFile(secret)
		c.open(secret, string(data))
		got := c.waitDiags(secret, 1)
		if !equal(summary(got), []string{"24:2-26:5 goroutine 2"}) {
			t.Fatalf("secret controller: %s", strings.Join(summary(got), "\n"))
		}
		fixed := strings.Replace(string(data), "\t\tgo func() {\n\t\t\ttime.Sleep(time.Second)\n\t\t}()\n", "", 1)
		if fixed == string(data) {
			t.Fatal("no goroutine to remove")
		}
		c.change(secret, 2, fixed)
		if got := c.waitDiags(secret, 2); len(got) != 0 {
			t.Fatalf("after the fix: %s", strings.Join(summary(got), "\n"))
		}
		c.notify("textDocument/didClose", lsp.DidCloseTextDocumentParams{TextDocument: lsp.TextDocumentIdentifier{URI: uri(secret)}})
	})

	t.Run("type and syntax errors", func(t *testing.T) {
		broken := strings.Replace(text, "\tlogger.Info(\"reconciled\")\n", "\tvar n int = \"not a number\"\n\tlogger.Info(\"reconciled\")\n", 1)
		c.change(file, version, broken)
		l := c.waitLog("does not type-check")
		if l.Type != 1 || !strings.Contains(l.Message, "configmap_controller.go") {
			t.Errorf("log message: %+v", l)
		}
		version++
		c.change(file, version, text[:len(text)/2]) // does not parse
		c.waitLog("expected")
		// The server still answers requests.
		var actions []lsp.CodeAction
		c.call("textDocument/codeAction", lsp.CodeActionParams{TextDocument: lsp.TextDocumentIdentifier{URI: uri(file)}}, &actions)
		// And analyses again once the file is fixed.
		version++
		c.change(file, version, text)
		if got := c.waitDiags(file, version); len(got) != 5 {
			t.Fatalf("after the errors were fixed: %s", strings.Join(summary(got), "\n"))
		}
	})

	t.Run("shutdown and exit", func(t *testing.T) {
		var res any
		c.call("shutdown", nil, &res)
		c.notify("exit", nil)
		done := make(chan error, 1)
		go func() { done <- c.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("the server exited with %v; stderr:\n%s", err, c.stderr.String())
			}
		case <-time.After(timeout):
			t.Fatal("the server did not exit")
		}
		if strings.Contains(c.stderr.String(), "panic") {
			t.Errorf("stderr: %s", c.stderr.String())
		}
	})
}

// TestOutsideModule opens a Go file in a directory without go.mod: the server logs
// that it is outside any module and keeps serving.
func TestOutsideModule(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	src := "package main\n\nfunc main() {}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, dir, 0)
	c.open(file, src)
	if l := c.waitLog("analysing " + dir); l.Type != 1 || !strings.Contains(l.Message, "outside any Go module") {
		t.Errorf("log message: %+v", l)
	}
	var actions []lsp.CodeAction
	c.call("textDocument/codeAction", lsp.CodeActionParams{TextDocument: lsp.TextDocumentIdentifier{URI: uri(file)}}, &actions)
	var res any
	c.call("shutdown", nil, &res)
	c.notify("exit", nil)
	var ee *exec.ExitError
	if err := c.cmd.Wait(); errors.As(err, &ee) || err != nil {
		t.Fatalf("exit: %v", err)
	}
}

// BenchmarkDidChangeToDiagnostics measures the latency from a didChange of the
// operator's ConfigMap controller to its publishDiagnostics, with the default debounce
// (300ms, included in the number) and a new buffer content each time (no cache hit).
// Besides ns/op (the mean) it reports the median per edit, the time from didOpen to
// the first diagnostics (the load), and the 1-minute load average at the end (the
// machine is often shared: label numbers with it).
func BenchmarkDidChangeToDiagnostics(b *testing.B) {
	dir := copyModule(b, "operator")
	benchEdits(b, dir, filepath.Join(dir, "controllers", "configmap_controller.go"))
}

// BenchmarkDidChangeToDiagnosticsLarge is the same on a package of your choice:
// RECONCILELINT_LSP_BENCH_DIR is the workspace (a module root; it is not written to)
// and RECONCILELINT_LSP_BENCH_FILE a Go file in it (relative or absolute). Skipped
// when they are not set. docs/editors.md runs it on a cluster-api controller package.
func BenchmarkDidChangeToDiagnosticsLarge(b *testing.B) {
	dir, file := os.Getenv("RECONCILELINT_LSP_BENCH_DIR"), os.Getenv("RECONCILELINT_LSP_BENCH_FILE")
	if dir == "" || file == "" {
		b.Skip("RECONCILELINT_LSP_BENCH_DIR and RECONCILELINT_LSP_BENCH_FILE are not set")
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	benchEdits(b, dir, file)
}

func benchEdits(b *testing.B, dir, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	opened := time.Now()
	c := start(b, dir, int(lsp.DefaultDebounce/time.Millisecond))
	c.open(file, string(data))
	want := len(c.waitDiags(file, 1))
	open := time.Since(opened)
	var each []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := i + 2
		t0 := time.Now()
		c.change(file, v, fmt.Sprintf("%s\n// edit %d\n", data, i))
		if got := c.waitDiags(file, v); len(got) != want {
			b.Fatalf("diagnostics: %s (want %d)", strings.Join(summary(got), "\n"), want)
		}
		each = append(each, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(open.Seconds(), "s-open") // after ResetTimer, which drops metrics
	slices.Sort(each)
	b.ReportMetric(float64(each[len(each)/2].Milliseconds()), "ms-median/edit")
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		var load float64
		if _, err := fmt.Sscan(string(data), &load); err == nil {
			b.ReportMetric(load, "loadavg")
		}
	}
}

// TestBadConfigurationShown: a bad .reconcilelint.yaml is shown to the user
// (window/showMessage, an error), not only logged; the findings of the default
// configuration still come. A good configuration shows nothing.
func TestBadConfigurationShown(t *testing.T) {
	dir := copyModule(t, "operator")
	cfg := filepath.Join(dir, ".reconcilelint.yaml")
	if err := os.WriteFile(cfg, []byte("rules:\n  sleep:\n    alow: [x]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := start(t, dir, 0)
	c.open(file, string(src))
	if ds := c.waitDiags(file, 1); len(ds) == 0 {
		t.Errorf("no findings with the default configuration")
	}
	c.mu.Lock()
	shown := append([]lsp.ShowMessageParams(nil), c.shown...)
	c.mu.Unlock()
	if len(shown) != 1 || shown[0].Type != 1 || !strings.Contains(shown[0].Message, "rules.sleep.alow: unknown key") || !strings.Contains(shown[0].Message, cfg) {
		t.Errorf("window/showMessage: %+v, want one error naming %s and the key", shown, cfg)
	}

	good := copyModule(t, "operator")
	os.WriteFile(filepath.Join(good, ".reconcilelint.yaml"), []byte("disable: [goroutine]\n"), 0o644)
	c2 := start(t, good, 0)
	gfile := filepath.Join(good, "controllers", "configmap_controller.go")
	c2.open(gfile, string(src))
	c2.waitDiags(gfile, 1)
	c2.mu.Lock()
	defer c2.mu.Unlock()
	if len(c2.shown) != 0 {
		t.Errorf("a good configuration shows %+v", c2.shown)
	}
}
