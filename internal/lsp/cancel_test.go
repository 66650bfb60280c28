package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/sleep"
	"github.com/reconcilelint/reconcilelint/internal/driver"
)

// loadWait bounds the waits for an analysis: the first load of the operator builds the
// export data of controller-runtime and its dependencies, which takes minutes on a cold
// build cache shared with other test binaries.
const loadWait = 12 * time.Minute

// copyOperator copies the e2e operator module into a temporary directory.
func copyOperator(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "e2e", "operator"))); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	return dir
}

// TestEditCancelsAnalysis holds the analysis of the opened file (version 1) until its
// context is cancelled, and edits the file meanwhile: the edit cancels the analysis,
// whose (stale) result is not published; the edited version is analysed and published.
func TestEditCancelsAnalysis(t *testing.T) {
	dir := copyOperator(t)
	s := NewServer(io.Discard)
	s.debounce = 10 * time.Millisecond
	s.analyzersFor = func(string) (*analyzerSet, error) {
		return &analyzerSet{stamp: "test", analyzers: []*analysis.Analyzer{sleep.Analyzer}, excluded: func(string) bool { return false }}, nil
	}
	held := make(chan struct{})
	cancelled := make(chan bool, 1)
	calls := 0
	s.afterAnalysis = func(ctx context.Context, _ string) {
		calls++ // the worker is one goroutine
		if calls > 1 {
			return
		}
		close(held)
		select {
		case <-ctx.Done():
			cancelled <- true
		case <-time.After(loadWait):
			cancelled <- false
		}
	}
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	exit := make(chan int, 1)
	go func() { exit <- s.Serve(sr, sw) }()
	diags := make(chan PublishDiagnosticsParams, 100)
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipeRWC{cr, cw}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" {
				var p PublishDiagnosticsParams
				json.Unmarshal(*req.Params, &p)
				diags <- p
			}
			return nil, nil
		}), jsonrpc2.SetLogger(log.New(io.Discard, "", 0)))
	ctx := context.Background()
	if err := conn.Call(ctx, "initialize", map[string]any{"rootUri": pathToURI(dir)}, &InitializeResult{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "controllers", "configmap_controller.go")
	text, _ := os.ReadFile(file)
	conn.Notify(ctx, "textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: pathToURI(file), LanguageID: "go", Version: 1, Text: string(text)}})
	select {
	case <-held:
	case <-time.After(loadWait):
		t.Fatal("the analysis of version 1 did not run")
	}
	edited := strings.Replace(string(text), "\tlogger.Info(\"reconciled\")\n", "\ttime.Sleep(time.Second)\n\tlogger.Info(\"reconciled\")\n", 1)
	conn.Notify(ctx, "textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{URI: pathToURI(file), Version: 2},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: edited}}})
	if !<-cancelled {
		t.Fatal("the edit did not cancel the analysis of version 1")
	}
	select {
	case p := <-diags:
		if p.Version == nil || *p.Version != 2 {
			t.Fatalf("published %+v: want version 2 first (version 1 was superseded)", p)
		}
		if len(p.Diagnostics) != 3 { // the two sleeps of the file and the new one
			t.Fatalf("diagnostics of version 2: %+v", p.Diagnostics)
		}
	case <-time.After(loadWait):
		t.Fatal("no diagnostics for version 2")
	}
	if err := conn.Call(ctx, "shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	conn.Notify(ctx, "exit", nil)
	if code := <-exit; code != 0 {
		t.Fatalf("Serve returned %d", code)
	}
}

// TestCancelStopsLoad: a cancelled context reaches the go command (go/packages) and
// Load and Analyze return its error, not a result.
func TestCancelStopsLoad(t *testing.T) {
	dir := filepath.Join(copyOperator(t), "controllers")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := driver.Load(ctx, driver.Request{Dir: dir}); !errors.Is(err, context.Canceled) {
		t.Errorf("Load: %v, want context.Canceled", err)
	}
	if _, err := driver.Analyze(ctx, driver.Request{Analyzers: []*analysis.Analyzer{sleep.Analyzer}, Dir: dir, Patterns: []string{"."}}); !errors.Is(err, context.Canceled) {
		t.Errorf("Analyze: %v, want context.Canceled", err)
	}
	snap, err := driver.Load(context.Background(), driver.Request{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snap.Analyze(ctx, []*analysis.Analyzer{sleep.Analyzer}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Snapshot.Analyze: %v, want context.Canceled", err)
	}
}
