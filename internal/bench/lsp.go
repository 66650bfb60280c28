package main

// The language server rows: `reconcilelint lsp` driven as an editor drives it, over
// stdio, through the client of jsonrpc.go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// lspSession is a `reconcilelint lsp` process, initialized.
type lspSession struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	rpc    *rpcClient
	stderr *tailBuffer
	wait   time.Duration // the longest wait for any answer
	exited chan struct{} // closed when the process has been waited for
}

// startLSP starts `binary lsp` in dir with env added to the bench's environment and
// initializes it with dir as the workspace folder (not timed). debounce < 0 leaves the
// server's default; otherwise it is sent as the debounceMillis initialization option.
func startLSP(binary, dir string, env []string, debounce time.Duration, wait time.Duration) (*lspSession, error) {
	cmd := exec.Command(binary, "lsp")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &lspSession{cmd: cmd, stdin: stdin, stderr: &tailBuffer{max: 4096}, wait: wait, exited: make(chan struct{})}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s.rpc = newRPCClient(stdout, stdin)
	go func() {
		// The read loop ends when the process closes its output; Wait then reaps it.
		<-s.rpc.closed
		cmd.Wait()
		close(s.exited)
	}()
	params := map[string]any{
		"processId":        os.Getpid(),
		"rootUri":          fileURI(dir),
		"workspaceFolders": []map[string]string{{"uri": fileURI(dir), "name": filepath.Base(dir)}},
		"capabilities":     map[string]any{},
	}
	if debounce >= 0 {
		params["initializationOptions"] = map[string]any{"debounceMillis": debounce.Milliseconds()}
	}
	var res struct {
		Capabilities struct {
			TextDocumentSync json.RawMessage `json:"textDocumentSync"`
		} `json:"capabilities"`
	}
	if err := s.rpc.call("initialize", params, &res, wait); err != nil {
		return nil, s.fail(err)
	}
	if err := s.rpc.notify("initialized", map[string]any{}); err != nil {
		return nil, s.fail(err)
	}
	return s, nil
}

// fail kills the process and returns err with the tail of its standard error and the
// problems it logged, so that a row that fails says why.
func (s *lspSession) fail(err error) error {
	s.kill()
	var logs []string
	for _, n := range s.rpc.messages("window/showMessage", "window/logMessage") {
		var p struct {
			Type    int    `json:"type"`
			Message string `json:"message"`
		}
		if json.Unmarshal(n.Params, &p) == nil && p.Type <= 2 { // errors and warnings
			logs = append(logs, p.Message)
		}
	}
	msg := err.Error()
	if len(logs) > 0 {
		msg += "; the server logged: " + strings.Join(logs, "; ")
	}
	if t := strings.TrimSpace(s.stderr.String()); t != "" {
		msg += "; its standard error ends: " + t
	}
	return errors.New(msg)
}

func (s *lspSession) kill() {
	select {
	case <-s.exited:
		return
	default:
	}
	s.cmd.Process.Kill()
	s.stdin.Close()
	<-s.exited
}

// close shuts the server down as an editor does (shutdown, exit) and returns its exit
// code and peak RSS (KiB); a server that does not exit in time is killed.
func (s *lspSession) close() (exit int, rss int64) {
	if err := s.rpc.call("shutdown", nil, nil, s.wait); err == nil {
		s.rpc.notify("exit", nil)
	}
	s.stdin.Close()
	select {
	case <-s.exited:
	case <-time.After(s.wait):
		s.kill()
	}
	st := s.cmd.ProcessState
	if st == nil {
		return -1, 0
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return st.ExitCode(), rss
}

// diagnosticsFor matches a textDocument/publishDiagnostics for uri. With version >= 0
// it matches the diagnostics of that version of the document; when the server puts no
// version in its diagnostics, any for uri (the caller skipped what came before).
func diagnosticsFor(uri string, version int) func(notification) bool {
	path := uriPath(uri)
	return func(n notification) bool {
		if n.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		}
		if json.Unmarshal(n.Params, &p) != nil || p.URI != uri && uriPath(p.URI) != path {
			return false
		}
		return version < 0 || p.Version == nil || *p.Version == version
	}
}

// open sends didOpen of file (version 1) and returns the time to its first diagnostics.
func (s *lspSession) open(file string, text []byte) (time.Duration, error) {
	uri := fileURI(file)
	s.rpc.skip()
	start := time.Now()
	err := s.rpc.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "go", "version": 1, "text": string(text)}})
	if err != nil {
		return 0, s.fail(err)
	}
	n, err := s.rpc.wait(diagnosticsFor(uri, 1), s.wait)
	if err != nil {
		return 0, s.fail(fmt.Errorf("waiting for the diagnostics of %s after didOpen: %v", file, err))
	}
	return n.At.Sub(start), nil
}

// change sends didChange of file with the whole new text at version and returns the
// time to the diagnostics of that version.
func (s *lspSession) change(file string, version int, text []byte) (time.Duration, error) {
	uri := fileURI(file)
	s.rpc.skip()
	start := time.Now()
	err := s.rpc.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []map[string]any{{"text": string(text)}}})
	if err != nil {
		return 0, s.fail(err)
	}
	n, err := s.rpc.wait(diagnosticsFor(uri, version), s.wait)
	if err != nil {
		return 0, s.fail(fmt.Errorf("waiting for the diagnostics of %s version %d after didChange: %v", file, version, err))
	}
	return n.At.Sub(start), nil
}

// lspRun is the outcome of language server runs: the time of each, the largest peak
// RSS and the last exit code, or why they stopped.
type lspRun struct {
	walls []time.Duration
	rss   int64
	exit  int
	err   error
}

// lspOpens starts a fresh server n times with env and times the didOpen of file to its
// first diagnostics in each.
func lspOpens(binary, dir, file string, env []string, n int, debounce, wait time.Duration) lspRun {
	var r lspRun
	text, err := os.ReadFile(file)
	if err != nil {
		r.err = err
		return r
	}
	for i := 0; i < n; i++ {
		s, err := startLSP(binary, dir, env, debounce, wait)
		if err != nil {
			r.err = err
			return r
		}
		d, err := s.open(file, text)
		if err != nil {
			r.err = err
			return r
		}
		r.walls = append(r.walls, d)
		exit, rss := s.close()
		r.exit, r.rss = exit, max(r.rss, rss)
	}
	return r
}

// lspEdits starts a server with env, opens file and waits for its diagnostics (not
// timed), then makes n edits, each appending a comment line with a nonce to the
// buffer, and times each from didChange to the diagnostics of its version.
func lspEdits(binary, dir, file string, env []string, n int, debounce, wait time.Duration) lspRun {
	var r lspRun
	text, err := os.ReadFile(file)
	if err != nil {
		r.err = err
		return r
	}
	s, err := startLSP(binary, dir, env, debounce, wait)
	if err != nil {
		r.err = err
		return r
	}
	if _, err := s.open(file, text); err != nil {
		r.err = err
		return r
	}
	nonce := time.Now().UnixNano()
	for i := 0; i < n; i++ {
		edited := fmt.Appendf(append([]byte{}, text...), "\n// bench edit %d %d\n", i, nonce)
		d, err := s.change(file, i+2, edited)
		if err != nil {
			r.err = err
			return r
		}
		r.walls = append(r.walls, d)
	}
	r.exit, r.rss = s.close()
	return r
}

// fileURI is the file:// URI of an absolute file name.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// uriPath is the file name of a file:// URI ("" for another URI).
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.Clean(filepath.FromSlash(u.Path))
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if extra := t.b.Len() - t.max; extra > 0 {
		t.b.Next(extra)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}
