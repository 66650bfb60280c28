package driver

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress shows what a long run is doing on one line of standard error, rewritten in
// place, when standard error is a terminal: a cold first run on an operator spends
// minutes in the go command building export data. It writes nothing when standard
// error is not a terminal (CI logs stay clean) or with -q.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	on      bool
	phase   string
	since   time.Time
	shown   bool
	done    chan struct{}
	stopped bool
}

// progressDelay is how long a phase runs before its line appears: short runs print
// nothing at all.
const progressDelay = 2 * time.Second

func newProgress(w io.Writer, quiet bool) *progress {
	p := &progress{w: w, done: make(chan struct{})}
	if f, ok := w.(*os.File); ok && !quiet && isTerminal(f) && os.Getenv("TERM") != "dumb" {
		p.on = true
		go p.tick()
	}
	return p
}

// isTerminal reports whether f is a character device (a terminal, not a pipe or file).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// set names the current phase ("" between phases: the line is cleared).
func (p *progress) set(phase string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	p.phase, p.since = phase, time.Now()
}

func (p *progress) tick() {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-t.C:
		}
		p.mu.Lock()
		if p.phase != "" && time.Since(p.since) >= progressDelay {
			fmt.Fprintf(p.w, "\r\x1b[Kreconcilelint: %s… %ds", p.phase, int(time.Since(p.since).Seconds()))
			p.shown = true
		}
		p.mu.Unlock()
	}
}

func (p *progress) clearLocked() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// stop clears the line and ends the ticker; it may be called more than once.
func (p *progress) stop() {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	p.phase = ""
	if !p.stopped {
		p.stopped = true
		close(p.done)
	}
}
