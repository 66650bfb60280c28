// Package lsp is reconcilelint's language server (`reconcilelint lsp`): it speaks the
// Language Server Protocol over standard input and output, beside gopls, and publishes
// the findings of the packages the editor has open as diagnostics, with their suggested
// fixes and an "ignore this finding" directive as quick fixes.
//
// Each open file's package directory is loaded once into a driver.Snapshot
// (dependencies from export data, same-module imports from source) and analysed from it
// with the unsaved buffers after a debounce: an edit re-parses and type-checks only the
// directory's files, in process; the snapshot is loaded again when Snapshot.Valid says
// its inputs changed. An edit cancels the analysis of its directory in flight, whose
// result is then not published. The result of a package is cached under a key made of
// the configuration, the overlays and the package's files on disk, so a package whose
// inputs did not change is not analysed again. Nothing but protocol messages is written
// to standard output: logs go to window/logMessage and standard error.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/driver"
)

func init() { driver.LSP = Main }

// DefaultDebounce is the delay between the last change of a buffer and its analysis.
const DefaultDebounce = 300 * time.Millisecond

// Main runs the language server on stdin and stdout until the client sends exit (or
// closes stdin). It returns 0 after shutdown and exit, 1 otherwise (as the protocol
// asks), 2 for bad arguments.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reconcilelint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "speak the protocol over standard input and output (the only transport)")
	debounce := fs.Duration("debounce", DefaultDebounce, "delay between the last change of a buffer and its analysis")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reconcilelint lsp [-debounce DURATION]\n\nThe language server speaks LSP over stdin/stdout; see docs/editors.md.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return driver.ExitUsage
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return driver.ExitUsage
	}
	// Stray prints of any code in this process must not corrupt the protocol stream.
	if stdout == io.Writer(os.Stdout) {
		os.Stdout = os.Stderr
	}
	s := NewServer(stderr)
	s.debounce = *debounce
	return s.Serve(stdin, stdout)
}

// Server is one language server session.
type Server struct {
	stderr   io.Writer
	logger   *log.Logger
	debounce time.Duration
	// analyzersFor returns the analyzers and configuration for a package directory;
	// tests replace it.
	analyzersFor func(dir string) (*analyzerSet, error)

	mu        sync.Mutex
	conn      *jsonrpc2.Conn
	folders   []string
	docs      map[string]*document        // open Go files by absolute path
	pending   map[string]time.Time        // package directories to analyse, with their due time
	timer     *time.Timer                 //
	cache     map[string]*result          // by package directory: the latest result
	shown     map[string]*result          // by package directory: the result published
	published map[string]map[string]bool  // by package directory: files with diagnostics
	lastLog   map[string]string           // by package directory: the last problem logged
	lastShown map[string]string           // by package directory: the last problem shown (showOnce)
	configs   map[string]*analyzerSet     // by configuration stamp
	snaps     map[string]*driver.Snapshot // by package directory: the loaded state, see driver.Load
	running   *runState                   // the analysis in flight, if any
	shutdown  bool

	// ctx ends when the server stops; every analysis runs under it.
	ctx    context.Context
	cancel context.CancelFunc
	// afterAnalysis, when set (by tests), is called after each analysis, before its
	// result is published, with the context that an edit of the package cancels.
	afterAnalysis func(ctx context.Context, dir string)

	wake     chan struct{}
	done     chan struct{}
	exited   chan struct{}
	exitOnce sync.Once
	stopOnce sync.Once
}

// runState is the analysis in flight: an edit of its directory cancels ctx (the result
// would be stale); closing the directory's last file cancels loadCtx as well.
type runState struct {
	dir        string
	cancel     context.CancelFunc
	cancelLoad context.CancelFunc
}

type document struct {
	uri     string
	path    string
	version int
	text    string
}

// NewServer returns a server that logs to stderr.
func NewServer(stderr io.Writer) *Server {
	s := &Server{
		stderr:    stderr,
		logger:    log.New(stderr, "reconcilelint lsp: ", log.LstdFlags),
		debounce:  DefaultDebounce,
		docs:      map[string]*document{},
		pending:   map[string]time.Time{},
		cache:     map[string]*result{},
		shown:     map[string]*result{},
		published: map[string]map[string]bool{},
		lastLog:   map[string]string{},
		lastShown: map[string]string{},
		configs:   map[string]*analyzerSet{},
		snaps:     map[string]*driver.Snapshot{},
		wake:      make(chan struct{}, 1),
		done:      make(chan struct{}),
		exited:    make(chan struct{}),
	}
	s.analyzersFor = s.configFor
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s
}

type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

// Serve speaks the protocol on in and out until exit or the end of in.
func (s *Server) Serve(in io.Reader, out io.Writer) int {
	conn := jsonrpc2.NewConn(context.Background(),
		jsonrpc2.NewBufferedStream(stdio{in, out}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed(),
		jsonrpc2.SetLogger(s.logger))
	s.setConn(conn)
	go s.worker()
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
		conn.Close()
	}
	s.stop()
	s.mu.Lock()
	clean := s.shutdown
	s.mu.Unlock()
	select {
	case <-s.exited:
	default:
		clean = false // the client went away without exit
	}
	if clean {
		return 0
	}
	return 1
}

func (s *Server) setConn(c *jsonrpc2.Conn) {
	s.mu.Lock()
	if s.conn == nil {
		s.conn = c
	}
	s.mu.Unlock()
}

func (s *Server) stop() {
	s.stopOnce.Do(func() {
		close(s.done)
		s.cancel()
		s.mu.Lock()
		if s.timer != nil {
			s.timer.Stop()
		}
		s.mu.Unlock()
	})
}

// notify sends a notification; errors (a closed connection) are logged to stderr.
func (s *Server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Notify(context.Background(), method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logger.Printf("sending %s: %v", method, err)
	}
}

// logf logs a message to stderr and to the client through window/logMessage.
func (s *Server) logf(typ int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.logger.Print(msg)
	s.notify("window/logMessage", LogMessageParams{Type: typ, Message: "reconcilelint: " + msg})
}

// showf logs a message as logf does and shows it to the user (window/showMessage): for
// problems the user must fix, such as a bad configuration file, that a log hides.
func (s *Server) showf(typ int, format string, args ...any) {
	s.logf(typ, format, args...)
	s.notify("window/showMessage", ShowMessageParams{Type: typ, Message: "reconcilelint: " + fmt.Sprintf(format, args...)})
}

func decode(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": missing params"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": " + err.Error()}
	}
	return nil
}

func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	s.setConn(conn)
	defer func() {
		if r := recover(); r != nil {
			s.logger.Printf("panic handling %s: %v\n%s", req.Method, r, debug.Stack())
			s.logf(msgError, "internal error handling %s: %v", req.Method, r)
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprint(r)}
		}
	}()
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	if down && req.Method != "exit" {
		if req.Notif {
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down"}
	}
	switch req.Method {
	case "initialize":
		var p InitializeParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		return s.initialize(p), nil
	case "initialized":
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.stop()
		return nil, nil
	case "exit":
		s.exitOnce.Do(func() { close(s.exited) })
		return nil, nil
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.didOpen(p)
		return nil, nil
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.didChange(p)
		return nil, nil
	case "textDocument/didSave":
		var p DidSaveTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.didSave(p)
		return nil, nil
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.didClose(p)
		return nil, nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	case "workspace/didChangeWorkspaceFolders":
		var p DidChangeWorkspaceFoldersParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.changeFolders(p.Event.Added, p.Event.Removed)
		return nil, nil
	case "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
		// The configuration file is re-read when its modification time changes; files
		// changed on disk are seen through the cache key. Re-analyse what is open.
		s.invalidate(true)
		return nil, nil
	}
	if req.Notif {
		return nil, nil // $/cancelRequest, $/setTrace and others
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
}

func (s *Server) initialize(p InitializeParams) InitializeResult {
	var folders []WorkspaceFolder
	folders = append(folders, p.WorkspaceFolders...)
	if len(folders) == 0 && p.RootURI != "" {
		folders = append(folders, WorkspaceFolder{URI: p.RootURI})
	}
	if len(folders) == 0 && p.RootPath != "" {
		folders = append(folders, WorkspaceFolder{URI: pathToURI(p.RootPath)})
	}
	s.changeFolders(folders, nil)
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		var opts InitializationOptions
		if err := json.Unmarshal(p.InitializationOptions, &opts); err != nil {
			s.logger.Printf("initializationOptions: %v", err)
		} else if opts.DebounceMillis != nil && *opts.DebounceMillis >= 0 {
			s.mu.Lock()
			s.debounce = time.Duration(*opts.DebounceMillis) * time.Millisecond
			s.mu.Unlock()
		}
	}
	return InitializeResult{
		Capabilities: ServerCapabilities{
			TextDocumentSync:   TextDocumentSyncOptions{OpenClose: true, Change: syncFull, Save: SaveOptions{IncludeText: false}},
			CodeActionProvider: CodeActionOptions{CodeActionKinds: []string{kindQuickFix}},
			Workspace:          WorkspaceServerCapabilities{WorkspaceFolders: WorkspaceFoldersServerCapabilities{Supported: true, ChangeNotifications: true}},
		},
		ServerInfo: ServerInfo{Name: "reconcilelint", Version: driver.Version()},
	}
}

func (s *Server) changeFolders(added, removed []WorkspaceFolder) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range removed {
		p := uriToPath(f.URI)
		for i, g := range s.folders {
			if g == p {
				s.folders = append(s.folders[:i], s.folders[i+1:]...)
				break
			}
		}
	}
	for _, f := range added {
		if p := uriToPath(f.URI); p != "" {
			s.folders = append(s.folders, p)
		}
	}
}

// tracked reports whether a document is analysed: Go files on disk outside GOROOT and
// the module cache.
func tracked(uri, languageID string) (string, bool) {
	path := uriToPath(uri)
	if path == "" || !filepath.IsAbs(path) {
		return "", false
	}
	if languageID != "" && languageID != "go" || !strings.HasSuffix(path, ".go") {
		return "", false
	}
	for _, root := range readOnlyRoots() {
		if root != "" && strings.HasPrefix(path, root+string(filepath.Separator)) {
			return "", false
		}
	}
	return path, true
}

func (s *Server) didOpen(p DidOpenTextDocumentParams) {
	path, ok := tracked(p.TextDocument.URI, p.TextDocument.LanguageID)
	if !ok {
		return
	}
	s.mu.Lock()
	s.docs[path] = &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: p.TextDocument.Text}
	s.scheduleLocked(filepath.Dir(path), 0)
	s.mu.Unlock()
}

func (s *Server) didChange(p DidChangeTextDocumentParams) {
	path := uriToPath(p.TextDocument.URI)
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return
	}
	for _, c := range p.ContentChanges {
		if c.Range != nil { // incremental change, although we asked for full sync
			start, end := offset(d.text, c.Range.Start), offset(d.text, c.Range.End)
			if end < start {
				end = start
			}
			d.text = d.text[:start] + c.Text + d.text[end:]
			continue
		}
		d.text = c.Text
	}
	d.version = p.TextDocument.Version
	dir := filepath.Dir(path)
	if r := s.running; r != nil && r.dir == dir {
		r.cancel() // its result would be stale; the new content is analysed after the debounce
	}
	s.scheduleLocked(dir, s.debounce)
}

func (s *Server) didSave(p DidSaveTextDocumentParams) {
	path := uriToPath(p.TextDocument.URI)
	s.mu.Lock()
	if d := s.docs[path]; d != nil && p.Text != nil {
		d.text = *p.Text
	}
	// A saved file may change what other open packages see (imports, facts). A
	// snapshot checks the files of its own module itself (Valid); a file elsewhere
	// (a module replaced by a directory) makes it load again.
	for dir, snap := range s.snaps {
		if !snap.Covers(path) {
			delete(s.snaps, dir)
		}
	}
	s.mu.Unlock()
	s.invalidate(false)
}

// invalidate drops the results (and, with snaps, the loaded snapshots) and schedules
// every open package.
func (s *Server) invalidate(snaps bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache = map[string]*result{}
	if snaps {
		s.snaps = map[string]*driver.Snapshot{}
	}
	for path := range s.docs {
		s.scheduleLocked(filepath.Dir(path), 0)
	}
}

func (s *Server) didClose(p DidCloseTextDocumentParams) {
	path := uriToPath(p.TextDocument.URI)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.docs[path]; !ok {
		return
	}
	delete(s.docs, path)
	// The package is analysed again (the buffer's overlay is gone), or, when none of
	// its files is open any more, its diagnostics are cleared.
	dir := filepath.Dir(path)
	if r := s.running; r != nil && r.dir == dir {
		r.cancel()
		if !s.openLocked(dir) {
			r.cancelLoad()
		}
	}
	s.scheduleLocked(dir, 0)
}

// openLocked reports whether a file of dir is open. s.mu is held.
func (s *Server) openLocked(dir string) bool {
	for p := range s.docs {
		if filepath.Dir(p) == dir {
			return true
		}
	}
	return false
}

// scheduleLocked asks for the analysis of dir after delay (a later request for the same
// directory replaces the due time). s.mu is held.
func (s *Server) scheduleLocked(dir string, delay time.Duration) {
	s.pending[dir] = time.Now().Add(delay)
	s.armLocked()
}

func (s *Server) armLocked() {
	if len(s.pending) == 0 {
		return
	}
	var first time.Time
	for _, due := range s.pending {
		if first.IsZero() || due.Before(first) {
			first = due
		}
	}
	d := max(time.Until(first), 0)
	if s.timer == nil {
		s.timer = time.AfterFunc(d, s.kick)
	} else {
		s.timer.Reset(d)
	}
}

func (s *Server) kick() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// worker analyses the due package directories one at a time.
func (s *Server) worker() {
	for {
		select {
		case <-s.done:
			return
		case <-s.wake:
		}
		for {
			select {
			case <-s.done:
				return
			default:
			}
			s.mu.Lock()
			dir := ""
			var first time.Time
			now := time.Now()
			for d, due := range s.pending {
				if !due.After(now) && (dir == "" || due.Before(first)) {
					dir, first = d, due
				}
			}
			if dir == "" {
				s.armLocked()
				s.mu.Unlock()
				break
			}
			delete(s.pending, dir)
			s.mu.Unlock()
			s.analyzeDirSafely(dir)
		}
	}
}

// analyzeDirSafely is analyzeDir that survives a panic anywhere in it (the analysis
// itself recovers already; this covers publishing and the cache): the package's
// problem is shown and the server goes on with the others.
func (s *Server) analyzeDirSafely(dir string) {
	defer func() {
		if r := recover(); r != nil {
			s.logger.Printf("panic in the analysis of %s: %v\n%s", dir, r, debug.Stack())
			s.showOnce(dir, fmt.Sprintf("internal error analysing %s: %v", dir, r))
		}
	}()
	s.analyzeDir(dir)
}

// analyzerSet is the analyzers of one configuration.
type analyzerSet struct {
	stamp     string
	analyzers []*analysis.Analyzer
	excluded  func(file string) bool
	// cfg is the configuration the analyzers come from (nil for a set built by a
	// test): with it, results are replayed from and stored in the result cache.
	cfg *analyzers.Config

	mu     sync.Mutex
	caches map[string]*driver.ResultCache // by module root; nil value: the cache cannot be used
}
