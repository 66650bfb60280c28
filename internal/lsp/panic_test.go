package lsp

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/sleep"
)

type pipeRWC struct {
	io.Reader
	io.WriteCloser
}

// TestAnalyzerPanic runs the server in process with an analyzer that panics beside the
// sleep rule: the panic is logged, the sleep findings are still published, and the
// server keeps answering.
func TestAnalyzerPanic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "e2e", "operator"))); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	boom := &analysis.Analyzer{Name: "boom", Doc: "panics", Run: func(*analysis.Pass) (any, error) { panic("boom") }}
	s := NewServer(io.Discard)
	s.analyzersFor = func(string) (*analyzerSet, error) {
		return &analyzerSet{stamp: "test", analyzers: []*analysis.Analyzer{boom, sleep.Analyzer}, excluded: func(string) bool { return false }}, nil
	}
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	exit := make(chan int, 1)
	go func() { exit <- s.Serve(sr, sw) }()

	var mu sync.Mutex
	var logs []string
	diags := make(chan PublishDiagnosticsParams, 100)
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipeRWC{cr, cw}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			switch req.Method {
			case "textDocument/publishDiagnostics":
				var p PublishDiagnosticsParams
				json.Unmarshal(*req.Params, &p)
				diags <- p
			case "window/logMessage":
				var p LogMessageParams
				json.Unmarshal(*req.Params, &p)
				mu.Lock()
				logs = append(logs, p.Message)
				mu.Unlock()
			}
			return nil, nil
		}), jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	ctx := context.Background()
	var init InitializeResult
	if err := conn.Call(ctx, "initialize", map[string]any{"rootUri": pathToURI(dir)}, &init); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	text, _ := os.ReadFile(file)
	conn.Notify(ctx, "textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: pathToURI(file), LanguageID: "go", Version: 1, Text: string(text)}})
	select {
	case p := <-diags:
		if p.URI != pathToURI(file) || len(p.Diagnostics) != 2 || p.Diagnostics[0].Code != "sleep" {
			t.Fatalf("diagnostics: %+v", p)
		}
	case <-time.After(loadWait):
		t.Fatal("no diagnostics")
	}
	mu.Lock()
	joined := strings.Join(logs, "\n")
	mu.Unlock()
	if !strings.Contains(joined, "boom panicked") {
		t.Errorf("logs: %s", joined)
	}
	var actions []CodeAction
	if err := conn.Call(ctx, "textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: pathToURI(file)},
		Range: Range{Start: Position{Line: 33, Character: 2}, End: Position{Line: 33, Character: 2}}}, &actions); err != nil || len(actions) != 1 {
		t.Fatalf("code actions: %+v %v", actions, err)
	}
	if err := conn.Call(ctx, "shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	conn.Notify(ctx, "exit", nil)
	if code := <-exit; code != 0 {
		t.Fatalf("Serve returned %d", code)
	}
}
