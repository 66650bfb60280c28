package cache

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Prog is a cache kept by a GOCACHEPROG program: the go command's protocol
// (cmd/go/internal/cacheprog, `go help environment`), so that any program written for
// the go command (a cache shared through S3, an HTTP server, ...) serves
// reconcilelint's results too, as it serves staticcheck's. The program is started once
// and answers JSON requests on its standard input; its standard error is ours.
//
// Our keys are hashes that start from a text of their own (see the driver's cacheKey),
// so they cannot collide with the go command's actions in the same store.
type Prog struct {
	command string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	wmu     sync.Mutex // serialises requests on stdin
	enc     *json.Encoder

	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan *progResponse
	readErr error // set when the program's output ended or could not be read
	done    chan struct{}
	known   map[string]bool
	closed  bool
}

type progRequest struct {
	ID       int64
	Command  string
	ActionID []byte `json:",omitempty"`
	OutputID []byte `json:",omitempty"`
	BodySize int64  `json:",omitempty"`
}

type progResponse struct {
	ID            int64
	Err           string     `json:",omitempty"`
	KnownCommands []string   `json:",omitempty"`
	Miss          bool       `json:",omitempty"`
	OutputID      []byte     `json:",omitempty"`
	Size          int64      `json:",omitempty"`
	Time          *time.Time `json:",omitempty"`
	DiskPath      string     `json:",omitempty"`
}

// progTimeout bounds the wait for the program's first message.
const progTimeout = 30 * time.Second

// StartProg starts the GOCACHEPROG command (a program and its arguments separated by
// spaces, quoted with ' or " where an argument has spaces, as the go command reads it)
// and waits for its list of known commands, which must include get and put.
func StartProg(command string, stderr io.Writer) (*Prog, error) {
	args, err := splitQuoted(command)
	if err != nil || len(args) == 0 {
		return nil, fmt.Errorf("GOCACHEPROG=%q: cannot parse the command line", command)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("GOCACHEPROG: %v", err)
	}
	p := &Prog{command: command, cmd: cmd, stdin: stdin, enc: json.NewEncoder(stdin),
		pending: map[int64]chan *progResponse{}, done: make(chan struct{}), known: map[string]bool{}}
	first := make(chan *progResponse, 1)
	p.pending[0] = first
	go p.read(stdout)
	select {
	case r := <-first:
		if r == nil {
			p.kill()
			return nil, fmt.Errorf("GOCACHEPROG %s: %v", command, p.err())
		}
		for _, c := range r.KnownCommands {
			p.known[c] = true
		}
		if !p.known["get"] || !p.known["put"] {
			p.kill()
			return nil, fmt.Errorf("GOCACHEPROG %s: the program does not answer get and put (it says %v)", command, r.KnownCommands)
		}
	case <-time.After(progTimeout):
		p.kill()
		return nil, fmt.Errorf("GOCACHEPROG %s: no answer in %v", command, progTimeout)
	}
	return p, nil
}

// read dispatches the program's responses to the waiting requests.
func (p *Prog) read(stdout io.Reader) {
	dec := json.NewDecoder(bufio.NewReader(stdout))
	for {
		r := new(progResponse)
		if err := dec.Decode(r); err != nil {
			if errors.Is(err, io.EOF) {
				err = errors.New("the program exited")
			}
			p.mu.Lock()
			p.readErr = err
			for id, ch := range p.pending {
				close(ch)
				delete(p.pending, id)
			}
			p.mu.Unlock()
			close(p.done)
			return
		}
		p.mu.Lock()
		ch := p.pending[r.ID]
		delete(p.pending, r.ID)
		p.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

func (p *Prog) err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.readErr != nil {
		return p.readErr
	}
	return errors.New("the program exited")
}

// call sends one request (and the body of a put) and waits for its response.
func (p *Prog) call(req progRequest, body []byte) (*progResponse, error) {
	ch := make(chan *progResponse, 1)
	p.mu.Lock()
	if p.readErr != nil || p.closed {
		p.mu.Unlock()
		return nil, fmt.Errorf("GOCACHEPROG %s: %v", p.command, p.errLocked())
	}
	p.nextID++
	req.ID = p.nextID
	p.pending[req.ID] = ch
	p.mu.Unlock()

	p.wmu.Lock()
	err := p.enc.Encode(req)
	if err == nil && req.BodySize > 0 {
		// The body follows as a JSON string of its base64 encoding, on its own line.
		err = p.enc.Encode(base64.StdEncoding.EncodeToString(body))
	}
	p.wmu.Unlock()
	if err != nil {
		p.mu.Lock()
		delete(p.pending, req.ID)
		p.mu.Unlock()
		return nil, fmt.Errorf("GOCACHEPROG %s: %v", p.command, err)
	}
	r, ok := <-ch
	if !ok || r == nil {
		return nil, fmt.Errorf("GOCACHEPROG %s: %v", p.command, p.err())
	}
	if r.Err != "" {
		return nil, fmt.Errorf("GOCACHEPROG %s: %s", p.command, r.Err)
	}
	return r, nil
}

func (p *Prog) errLocked() error {
	if p.readErr != nil {
		return p.readErr
	}
	return errors.New("closed")
}

// Get implements Cache. The program names a file holding the output; its size and hash
// are checked against what the program says it stored.
func (p *Prog) Get(k Key) ([]byte, bool, error) {
	r, err := p.call(progRequest{Command: "get", ActionID: k[:]}, nil)
	if err != nil {
		return nil, false, err
	}
	if r.Miss {
		return nil, false, nil
	}
	if r.DiskPath == "" {
		return nil, false, fmt.Errorf("GOCACHEPROG %s: a hit without a file", p.command)
	}
	data, err := os.ReadFile(r.DiskPath)
	if err != nil {
		return nil, false, fmt.Errorf("GOCACHEPROG %s: %v", p.command, err)
	}
	if int64(len(data)) != r.Size || hex.EncodeToString(sum(data)) != hex.EncodeToString(r.OutputID) {
		return nil, false, fmt.Errorf("GOCACHEPROG %s: the file of entry %s does not match its size or hash", p.command, k)
	}
	return data, true, nil
}

// Put implements Cache.
func (p *Prog) Put(k Key, data []byte) error {
	_, err := p.call(progRequest{Command: "put", ActionID: k[:], OutputID: sum(data), BodySize: int64(len(data))}, data)
	return err
}

// Describe implements Cache.
func (p *Prog) Describe() string { return "GOCACHEPROG " + p.command }

// Close implements Cache: it asks the program to exit and waits for it.
func (p *Prog) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.mu.Unlock()
	var err error
	if p.known["close"] {
		_, err = p.call(progRequest{Command: "close"}, nil)
	}
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(progTimeout):
		p.cmd.Process.Kill()
	}
	if werr := p.cmd.Wait(); err == nil && werr != nil {
		err = fmt.Errorf("GOCACHEPROG %s: %v", p.command, werr)
	}
	return err
}

func (p *Prog) kill() {
	p.stdin.Close()
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

// splitQuoted splits s at spaces; an argument in single or double quotes keeps its
// spaces (the go command's rule for GOCACHEPROG and -toolexec).
func splitQuoted(s string) ([]string, error) {
	var args []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return args, nil
		}
		if q := s[0]; q == '\'' || q == '"' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return nil, errors.New("unterminated quote")
			}
			args = append(args, s[1:1+end])
			s = s[2+end:]
			if s != "" && !strings.ContainsRune(" \t\n\r", rune(s[0])) {
				return nil, errors.New("quoted argument followed by more text")
			}
			continue
		}
		end := strings.IndexAny(s, " \t\n\r")
		if end < 0 {
			end = len(s)
		}
		args = append(args, s[:end])
		s = s[end:]
	}
}
