package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// The frame on the wire is exactly the LSP base protocol's: a Content-Length header,
// an empty line, the body.
func TestWriteFrame(t *testing.T) {
	var b bytes.Buffer
	if err := writeFrame(&b, []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "Content-Length: 7\r\n\r\n{\"a\":1}"; got != want {
		t.Errorf("frame %q, want %q", got, want)
	}
}

func TestReadFrame(t *testing.T) {
	// Back-to-back messages, another header, a header name in another case, and a body
	// that holds what looks like a header's end.
	in := "Content-Length: 2\r\n\r\n{}" +
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 12\r\n\r\n{\"x\":\"\r\n\r\n\"}" +
		"Content-Length:3\r\n\r\n[1]"
	r := bufio.NewReader(strings.NewReader(in))
	for _, want := range []string{`{}`, "{\"x\":\"\r\n\r\n\"}", `[1]`} {
		got, err := readFrame(r)
		if err != nil || string(got) != want {
			t.Fatalf("readFrame = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := readFrame(r); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}

	for _, c := range []struct{ in, want string }{
		{"Content-Type: x\r\n\r\n{}", "without a Content-Length"},
		{"Content-Length: -1\r\n\r\n", "bad Content-Length"},
		{"Content-Length: two\r\n\r\n", "bad Content-Length"},
		{"Content-Length: 999999999999\r\n\r\n", "bad Content-Length"},
		{"Content-Length 2\r\n\r\n{}", "malformed message header"},
		{"Content-Length: 10\r\n\r\n{}", "reading a message body of 10 bytes"},
		{"Content-Length: 2\r\n", "reading a message header"},
	} {
		_, err := readFrame(bufio.NewReader(strings.NewReader(c.in)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("readFrame(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}

// fakeServer is the server end of two pipes: it reads what the client writes and
// writes what the client reads.
type fakeServer struct {
	r *bufio.Reader
	w *io.PipeWriter
}

func newFakePair(t *testing.T) (*rpcClient, *fakeServer) {
	t.Helper()
	toServer, clientOut := io.Pipe()
	clientIn, toClient := io.Pipe()
	c := newRPCClient(clientIn, clientOut)
	s := &fakeServer{r: bufio.NewReader(toServer), w: toClient}
	t.Cleanup(func() {
		toClient.Close()
		toServer.Close()
	})
	return c, s
}

func (s *fakeServer) read(t *testing.T) rpcMessage {
	t.Helper()
	body, err := readFrame(s.r)
	if err != nil {
		t.Errorf("the server reads: %v", err)
		return rpcMessage{}
	}
	var m rpcMessage
	if err := json.Unmarshal(body, &m); err != nil {
		t.Errorf("the server reads %q: %v", body, err)
	}
	return m
}

func (s *fakeServer) send(t *testing.T, msg string) {
	t.Helper()
	if err := writeFrame(s.w, []byte(msg)); err != nil {
		t.Errorf("the server writes: %v", err)
	}
}

func TestRPCClientCall(t *testing.T) {
	c, s := newFakePair(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		m := s.read(t)
		if m.Method != "initialize" || string(m.Params) != `{"rootUri":"file:///w"}` || m.JSONRPC != "2.0" {
			t.Errorf("the server got %+v", m)
		}
		// A notification and a request of the server come before the answer.
		s.send(t, `{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":3,"message":"hello"}}`)
		s.send(t, `{"jsonrpc":"2.0","id":"cfg-1","method":"workspace/configuration","params":{}}`)
		if r := s.read(t); string(r.ID) != `"cfg-1"` || r.Method != "" || string(r.Result) != "null" {
			t.Errorf("the client's answer to a request of the server: %+v", r)
		}
		s.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"capabilities":{"textDocumentSync":{"change":1}}}}`, m.ID))
		// An error answer.
		m = s.read(t)
		s.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not supported: x"}}`, m.ID))
		// A notification of the client.
		if m = s.read(t); m.Method != "initialized" || len(m.ID) != 0 {
			t.Errorf("notification: %+v", m)
		}
	}()
	var res struct {
		Capabilities struct {
			TextDocumentSync struct{ Change int } `json:"textDocumentSync"`
		} `json:"capabilities"`
	}
	if err := c.call("initialize", map[string]string{"rootUri": "file:///w"}, &res, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if res.Capabilities.TextDocumentSync.Change != 1 {
		t.Errorf("result %+v", res)
	}
	err := c.call("x", nil, nil, 10*time.Second)
	var re *rpcError
	if !errors.As(err, &re) || re.Code != -32601 || !strings.Contains(err.Error(), "method not supported") {
		t.Errorf("error answer: %v", err)
	}
	if err := c.notify("initialized", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	<-done
	logs := c.messages("window/logMessage")
	if len(logs) != 1 || !strings.Contains(string(logs[0].Params), "hello") {
		t.Errorf("logs %+v", logs)
	}
}

// wait returns the first matching message after skip, stamped with its arrival; a
// diagnostics of another file or of an older version does not match.
func TestRPCClientWaitDiagnostics(t *testing.T) {
	c, s := newFakePair(t)
	const uri = "file:///w/controllers/a_controller.go"
	s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+uri+`","version":1,"diagnostics":[]}}`)
	if _, err := c.wait(diagnosticsFor(uri, 1), 10*time.Second); err != nil {
		t.Fatal(err)
	}
	c.skip()
	sent := time.Now()
	go func() {
		s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w/other.go","version":2,"diagnostics":[]}}`)
		s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+uri+`","version":1,"diagnostics":[]}}`)
		s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+uri+`","version":2,"diagnostics":[{"message":"m"}]}}`)
	}()
	n, err := c.wait(diagnosticsFor(uri, 2), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(n.Params), `"message":"m"`) || n.At.Before(sent) {
		t.Errorf("got %s at %v (sent at %v)", n.Params, n.At, sent)
	}
	// A server that puts no version in its diagnostics: the first for the file after
	// skip matches.
	c.skip()
	s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+uri+`","diagnostics":[]}}`)
	if _, err := c.wait(diagnosticsFor(uri, 7), 10*time.Second); err != nil {
		t.Errorf("unversioned diagnostics: %v", err)
	}
	// The same file under another spelling of its URI.
	s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w/controllers/../controllers/a_controller.go","version":8,"diagnostics":[]}}`)
	if _, err := c.wait(diagnosticsFor(uri, 8), 10*time.Second); err != nil {
		t.Errorf("another spelling of the URI: %v", err)
	}
}

// Every wait ends: a server that does not answer, and one that goes away.
func TestRPCClientTimeouts(t *testing.T) {
	c, s := newFakePair(t)
	go func() {
		for {
			if _, err := readFrame(s.r); err != nil {
				return
			}
		}
	}()
	start := time.Now()
	err := c.call("initialize", nil, nil, 50*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "no answer within 50ms") {
		t.Errorf("a server that does not answer: %v", err)
	}
	_, err = c.wait(diagnosticsFor("file:///w/a.go", 1), 50*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "nothing within 50ms") {
		t.Errorf("no diagnostics: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the timeouts took %v", d)
	}

	// The server goes away: what it sent before is still seen, then the wait fails
	// at once, as does a call.
	s.send(t, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w/a.go","version":1,"diagnostics":[]}}`)
	s.w.Close()
	<-c.closed
	if _, err := c.wait(diagnosticsFor("file:///w/a.go", 1), time.Minute); err != nil {
		t.Errorf("diagnostics sent before the end: %v", err)
	}
	start = time.Now()
	if _, err := c.wait(diagnosticsFor("file:///w/a.go", 2), time.Minute); err == nil || !strings.Contains(err.Error(), "the server closed its output") {
		t.Errorf("wait after the end: %v", err)
	}
	if err := c.call("shutdown", nil, nil, time.Minute); err == nil || !strings.Contains(err.Error(), "the server closed its output") {
		t.Errorf("call after the end: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("waits after the end took %v", d)
	}
}

// A server that writes something that is not JSON-RPC ends the client with a clear
// error.
func TestRPCClientGarbage(t *testing.T) {
	c, s := newFakePair(t)
	s.w.Write([]byte("Content-Length: 5\r\n\r\nhello"))
	<-c.closed
	if err := c.gone(); err == nil || !strings.Contains(err.Error(), "not JSON-RPC") || !strings.Contains(err.Error(), "hello") {
		t.Errorf("gone: %v", err)
	}
}
