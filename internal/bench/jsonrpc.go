package main

// A minimal JSON-RPC 2.0 client with the Language Server Protocol's framing
// (Content-Length headers), for the language server rows.
//
// The server side uses github.com/sourcegraph/jsonrpc2; the bench has its own client so
// that it measures the server from the outside, as an editor does, with nothing shared
// that could hide a fault of the framing, and so that each message is stamped with the
// time it was read off the pipe (a library's handler goroutine would add its own
// scheduling to the figure). It is what the rows need and no more: calls with a timeout,
// notifications, and every message the server sends kept in arrival order.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rpcMessage is any JSON-RPC message: a request or notification (Method set, ID set for
// a request), or a response (ID set, Result or Error).
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("code %d: %s", e.Code, e.Message) }

// maxMessage bounds the body a header may announce (a garbled header must not make the
// bench allocate gigabytes).
const maxMessage = 256 << 20

// writeFrame writes body with its Content-Length header.
func writeFrame(w io.Writer, body []byte) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(body))
	b.Write(body)
	_, err := w.Write(b.Bytes())
	return err
}

// readFrame reads one message: header lines up to an empty line, of which
// Content-Length is required and the others (Content-Type) are ignored, then the body.
func readFrame(r *bufio.Reader) ([]byte, error) {
	tp := textproto.NewReader(r)
	length := -1
	for first := true; ; first = false {
		line, err := tp.ReadLine()
		if err != nil {
			if first && err == io.EOF {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("reading a message header: %w", err)
		}
		if line == "" {
			break
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("malformed message header %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 0 || n > maxMessage {
				return nil, fmt.Errorf("bad Content-Length %q", strings.TrimSpace(v))
			}
			length = n
		}
	}
	if length < 0 {
		return nil, errors.New("message without a Content-Length header")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("reading a message body of %d bytes: %w", length, err)
	}
	return body, nil
}

// notification is a message the server sent on its own (a notification, or a request
// to the client), with the time it was read.
type notification struct {
	Method string
	Params json.RawMessage
	At     time.Time
}

// rpcClient is a JSON-RPC client over a server's standard output (r) and input (w).
type rpcClient struct {
	wmu sync.Mutex
	w   io.Writer

	mu      sync.Mutex
	nextID  int
	pending map[string]chan rpcMessage // by the ID's JSON text
	notes   []notification             // in arrival order
	cursor  int                        // notes before it were consumed by a wait
	arrived chan struct{}              // signalled (not closed) when a note arrives
	closed  chan struct{}              // closed when the read loop ends
	readErr error                      // why it ended
}

// newRPCClient starts reading the server's messages from r.
func newRPCClient(r io.Reader, w io.Writer) *rpcClient {
	c := &rpcClient{w: w, pending: map[string]chan rpcMessage{}, arrived: make(chan struct{}, 1), closed: make(chan struct{})}
	go c.read(bufio.NewReader(r))
	return c
}

func (c *rpcClient) read(r *bufio.Reader) {
	var err error
	defer func() {
		c.mu.Lock()
		c.readErr = err
		c.mu.Unlock()
		close(c.closed)
	}()
	for {
		var body []byte
		body, err = readFrame(r)
		if err != nil {
			if err == io.EOF {
				err = errors.New("the server closed its output")
			}
			return
		}
		at := time.Now()
		var m rpcMessage
		if err = json.Unmarshal(body, &m); err != nil {
			err = fmt.Errorf("a message that is not JSON-RPC (%v): %.200s", err, body)
			return
		}
		if m.Method == "" {
			// A response.
			c.mu.Lock()
			ch := c.pending[string(m.ID)]
			delete(c.pending, string(m.ID))
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		if len(m.ID) > 0 && string(m.ID) != "null" {
			// A request of the server (workspace/configuration, ...): the rows need
			// none, so a null result keeps the server going.
			if err = c.send(rpcMessage{JSONRPC: "2.0", ID: m.ID, Result: json.RawMessage("null")}); err != nil {
				return
			}
		}
		c.mu.Lock()
		c.notes = append(c.notes, notification{Method: m.Method, Params: m.Params, At: at})
		c.mu.Unlock()
		select {
		case c.arrived <- struct{}{}:
		default:
		}
	}
}

func (c *rpcClient) send(m rpcMessage) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return writeFrame(c.w, body)
}

// gone returns why the read loop ended, or nil while it runs.
func (c *rpcClient) gone() error {
	select {
	case <-c.closed:
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.readErr
	default:
		return nil
	}
}

// call sends a request and decodes its result into result (nil to drop it). It fails
// when no answer comes within timeout or the server goes away.
func (c *rpcClient) call(method string, params, result any, timeout time.Duration) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(strconv.Itoa(c.nextID))
	ch := make(chan rpcMessage, 1)
	c.pending[string(id)] = ch
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.pending, string(id))
		c.mu.Unlock()
	}
	if err := c.send(rpcMessage{JSONRPC: "2.0", ID: id, Method: method, Params: p}); err != nil {
		forget()
		return fmt.Errorf("%s: %v", method, err)
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %w", method, m.Error)
		}
		if result != nil && len(m.Result) > 0 {
			if err := json.Unmarshal(m.Result, result); err != nil {
				return fmt.Errorf("%s: decoding the result: %v", method, err)
			}
		}
		return nil
	case <-c.closed:
		forget()
		return fmt.Errorf("%s: no answer: %v", method, c.gone())
	case <-t.C:
		forget()
		return fmt.Errorf("%s: no answer within %v", method, timeout)
	}
}

// notify sends a notification.
func (c *rpcClient) notify(method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	if err := c.send(rpcMessage{JSONRPC: "2.0", Method: method, Params: p}); err != nil {
		return fmt.Errorf("%s: %v", method, err)
	}
	return nil
}

// skip consumes every message received so far: a later wait sees only newer ones.
func (c *rpcClient) skip() {
	c.mu.Lock()
	c.cursor = len(c.notes)
	c.mu.Unlock()
}

// wait returns the first message not yet consumed for which match is true, consuming
// it and those before it. It fails after timeout, or when the server goes away with no
// such message.
func (c *rpcClient) wait(match func(notification) bool, timeout time.Duration) (notification, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		for i := c.cursor; i < len(c.notes); i++ {
			if match(c.notes[i]) {
				c.cursor = i + 1
				n := c.notes[i]
				c.mu.Unlock()
				return n, nil
			}
		}
		c.cursor = len(c.notes)
		c.mu.Unlock()
		select {
		case <-c.arrived:
		case <-c.closed:
			// Messages read before the end are in notes: look once more.
			c.mu.Lock()
			found := c.cursor < len(c.notes)
			c.mu.Unlock()
			if !found {
				return notification{}, fmt.Errorf("the server went away: %v", c.gone())
			}
		case <-deadline.C:
			return notification{}, fmt.Errorf("nothing within %v", timeout)
		}
	}
}

// messages returns the Method and Params of every message received with one of methods
// (for the logs of a failed row).
func (c *rpcClient) messages(methods ...string) []notification {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []notification
	for _, n := range c.notes {
		for _, m := range methods {
			if n.Method == m {
				out = append(out, n)
			}
		}
	}
	return out
}
