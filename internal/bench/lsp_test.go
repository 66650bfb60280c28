package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeLSPEnv makes the test binary a fake language server (TestMain): the language
// server rows are tested on real processes and pipes without reconcilelint.
const fakeLSPEnv = "BENCH_FAKE_LSP"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeLSPEnv); mode != "" {
		os.Exit(fakeLSP(mode))
	}
	os.Exit(m.Run())
}

// fakeLSPDelay is how long the fake server takes to publish the diagnostics of a
// version; a stale publication (of the version before) comes at once.
const fakeLSPDelay = 30 * time.Millisecond

// fakeLSP serves the protocol on stdin and stdout. Modes: "versioned" publishes the
// diagnostics of each version with its number, after a stale publication of the
// version before on each change; "unversioned" publishes without versions; "silent"
// answers initialize and publishes nothing, logging an error instead.
func fakeLSP(mode string) int {
	r := bufio.NewReader(os.Stdin)
	send := func(v any) {
		body, _ := json.Marshal(v)
		writeFrame(os.Stdout, body)
	}
	publish := func(uri string, version int) {
		p := map[string]any{"uri": uri, "diagnostics": []any{}}
		if mode == "versioned" {
			p["version"] = version
		}
		send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": p})
	}
	version := 0
	for {
		body, err := readFrame(r)
		if err != nil {
			return 1
		}
		var m rpcMessage
		json.Unmarshal(body, &m)
		var p struct {
			TextDocument struct {
				URI     string `json:"uri"`
				Version int    `json:"version"`
			} `json:"textDocument"`
		}
		json.Unmarshal(m.Params, &p)
		switch m.Method {
		case "initialize":
			send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"capabilities": map[string]any{"textDocumentSync": 1}}})
		case "textDocument/didOpen", "textDocument/didChange":
			if mode == "silent" {
				fmt.Fprintln(os.Stderr, "fake server: silent")
				send(map[string]any{"jsonrpc": "2.0", "method": "window/logMessage", "params": map[string]any{"type": 1, "message": "cannot load the package"}})
				continue
			}
			if version > 0 {
				publish(p.TextDocument.URI, version)
			}
			version = p.TextDocument.Version
			time.Sleep(fakeLSPDelay)
			publish(p.TextDocument.URI, version)
		case "shutdown":
			send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": nil})
		case "exit":
			return 0
		}
	}
}

func TestLSPRows(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "controller.go")
	if err := os.WriteFile(file, []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"versioned", "unversioned"} {
		env := []string{fakeLSPEnv + "=" + mode}
		r := lspOpens(self, dir, file, env, 2, -1, time.Minute)
		if r.err != nil || len(r.walls) != 2 || r.exit != 0 || r.rss <= 0 {
			t.Errorf("%s: opens: %+v", mode, r)
		}
		r = lspEdits(self, dir, file, env, 3, 0, time.Minute)
		if r.err != nil || len(r.walls) != 3 || r.exit != 0 {
			t.Errorf("%s: edits: %+v", mode, r)
		}
		for _, w := range r.walls {
			// In the versioned mode a stale publication comes at once: taking it for
			// the edit's would give a time under the delay.
			if mode == "versioned" && w < fakeLSPDelay {
				t.Errorf("%s: an edit took %v, less than the server's delay %v: a stale publication was taken", mode, w, fakeLSPDelay)
			}
		}
	}

	// A server that never publishes: the row fails within the wait, saying what the
	// server logged and wrote on its standard error.
	start := time.Now()
	r := lspOpens(self, dir, file, []string{fakeLSPEnv + "=silent"}, 2, -1, 300*time.Millisecond)
	if r.err == nil || len(r.walls) != 0 {
		t.Fatalf("silent server: %+v", r)
	}
	for _, want := range []string{"after didOpen", "nothing within 300ms", "cannot load the package", "fake server: silent"} {
		if !strings.Contains(r.err.Error(), want) {
			t.Errorf("the error %q does not say %q", r.err, want)
		}
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the failed row took %v", d)
	}

	// A binary that is not a language server.
	r = lspOpens("/bin/true", dir, file, nil, 1, -1, time.Minute)
	if r.err == nil || !strings.Contains(r.err.Error(), "initialize") {
		t.Errorf("not a server: %+v", r)
	}
}
