package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/build"
	"go/format"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/driver"
)

// Source is the source of every published diagnostic.
const Source = "reconcilelint"

var overlayName = regexp.MustCompile(`\S*gocommand-\d+[/\\]\d+-([^\s:]+\.go)`)

var readOnlyRoots = sync.OnceValue(func() []string {
	roots := []string{filepath.Clean(build.Default.GOROOT)}
	if m := os.Getenv("GOMODCACHE"); m != "" {
		roots = append(roots, filepath.Clean(m))
	} else if build.Default.GOPATH != "" {
		roots = append(roots, filepath.Join(filepath.SplitList(build.Default.GOPATH)[0], "pkg", "mod"))
	}
	return roots
})

// configFor returns the analyzers of the configuration that applies to dir (the
// nearest .reconcilelint.yaml above it). A bad configuration is logged and the default
// one is used, so that the editor still shows findings.
func (s *Server) configFor(dir string) (*analyzerSet, error) {
	path := driver.FindConfig(dir)
	stamp := "default"
	if path != "" {
		st, err := os.Stat(path)
		if err == nil {
			stamp = fmt.Sprintf("%s@%d/%d", path, st.ModTime().UnixNano(), st.Size())
		}
	}
	s.mu.Lock()
	set := s.configs[stamp]
	s.mu.Unlock()
	if set != nil {
		return set, nil
	}
	cfg, err := driver.LoadConfig(path)
	if err != nil {
		s.showf(msgError, "configuration: %v (using the default configuration)", err)
		cfg = analyzers.DefaultConfig()
	}
	as, err := cfg.Analyzers()
	if err != nil {
		s.showf(msgError, "configuration %s: %v (using the default configuration)", path, err)
		cfg = analyzers.DefaultConfig()
		if as, err = cfg.Analyzers(); err != nil {
			return nil, err
		}
	}
	base := dir
	if path != "" {
		base = filepath.Dir(path)
	}
	set = &analyzerSet{stamp: stamp, analyzers: as, cfg: &cfg, excluded: func(file string) bool {
		if len(cfg.Exclude) == 0 {
			return false
		}
		rel, err := filepath.Rel(base, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = file
		}
		return cfg.Excluded(filepath.ToSlash(rel))
	}}
	s.mu.Lock()
	s.configs[stamp] = set
	s.mu.Unlock()
	return set, nil
}

// result is the analysis of one package directory.
type result struct {
	key        string
	files      map[string]*fileResult // by absolute file name
	problems   []string               // load, type and analyzer errors
	incomplete bool                   // the package itself did not load or type-check
	// blocked says why the package cannot be analysed whatever its buffers say (an
	// import that did not load, an incomplete go.sum): shown to the user once.
	blocked string
	err     error // the analysis could not run at all
	// cached is true for a result replayed from the result cache: the package has
	// not been loaded yet (see analyzeDir); entry is its cache entry, for the load.
	cached bool
	entry  *driver.CacheEntry
}

// fileResult holds the diagnostics of one file and the content they refer to.
type fileResult struct {
	content string
	entries []entry
}

type entry struct {
	diag   Diagnostic
	fixes  []fix
	ignore *CodeAction
}

// fix is a suggested fix as byte edits of the analysed contents; codeActions turns it
// into a formatted WorkspaceEdit (see formattedEdits).
type fix struct {
	title    string
	edits    map[string][]byteEdit // by absolute file name
	contents map[string]string     // the analysed content of each file
	uris     map[string]string
}

type byteEdit struct {
	start, end int
	text       string
}

// analyzeDir analyses the package in dir with the open buffers as overlays (or takes
// the result from the cache) and publishes its diagnostics.
func (s *Server) analyzeDir(dir string) {
	s.mu.Lock()
	texts := map[string]string{}
	versions := map[string]int{}
	uris := map[string]string{}
	for p, d := range s.docs {
		texts[p] = d.text
		uris[p] = d.uri
		if filepath.Dir(p) == dir {
			versions[p] = d.version
		}
	}
	s.mu.Unlock()
	if len(versions) == 0 {
		s.clearDir(dir)
		return
	}
	overlay := map[string][]byte{}
	for p, t := range texts {
		if disk, err := os.ReadFile(p); err != nil || string(disk) != t {
			overlay[p] = []byte(t)
		}
	}
	set, err := s.analyzersFor(dir)
	if err != nil {
		s.logDir(dir, msgError, fmt.Sprintf("configuration: %v", err))
		return
	}
	key := cacheKey(dir, set.stamp, overlay)
	s.mu.Lock()
	res := s.cache[dir]
	s.mu.Unlock()
	ctx := s.ctx
	if res == nil || res.key != key {
		// An edit of dir cancels ctx (the result would be stale), closing its last file
		// cancels loadCtx too. Loading does not depend on the contents of the
		// directory's buffers (only on their imports, see driver.Load), so an edit
		// does not throw a load away: the next analysis starts from it.
		var cancel, cancelLoad context.CancelFunc
		var loadCtx context.Context
		loadCtx, cancelLoad = context.WithCancel(s.ctx)
		ctx, cancel = context.WithCancel(loadCtx)
		s.mu.Lock()
		s.running = &runState{dir: dir, cancel: cancel, cancelLoad: cancelLoad}
		if s.changedLocked(dir, versions) {
			cancel() // an edit came in since the buffers were read
		}
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			s.running = nil
			s.mu.Unlock()
			cancelLoad()
		}()
		res = s.run(ctx, loadCtx, dir, set, overlay, uris)
		if hook := s.afterAnalysis; hook != nil {
			hook(ctx, dir)
		}
		if ctx.Err() != nil {
			return // superseded: the newer content is scheduled
		}
		res.key = key
		s.mu.Lock()
		s.cache[dir] = res
		s.mu.Unlock()
		if res.cached {
			// Replayed from the result cache: shown at once, then the package is
			// loaded, so that the first edit is analysed from a loaded snapshot.
			s.publish(ctx, dir, res, versions, uris)
			s.prefetch(loadCtx, dir, overlay, res.entry)
			return
		}
	}
	s.publish(ctx, dir, res, versions, uris)
}

// resultCache returns the result cache for the analyzers of set in dir's module, or
// nil (a set without configuration, the cache off or unusable).
func (s *Server) resultCache(set *analyzerSet, dir string) *driver.ResultCache {
	if set.cfg == nil {
		return nil
	}
	root := moduleRoot(dir)
	set.mu.Lock()
	defer set.mu.Unlock()
	if c, ok := set.caches[root]; ok {
		return c
	}
	if set.caches == nil {
		set.caches = map[string]*driver.ResultCache{}
	}
	var warn strings.Builder
	c := driver.OpenResultCache(root, *set.cfg, set.analyzers, &warn)
	if w := strings.TrimSpace(warn.String()); w != "" {
		s.logger.Print(w)
	}
	set.caches[root] = c
	return c
}

// moduleRoot is the directory of the go.mod (or go.work) above dir, or dir.
func moduleRoot(dir string) string {
	for d := dir; ; {
		for _, name := range []string{"go.mod", "go.work"} {
			if _, err := os.Stat(filepath.Join(d, name)); err == nil {
				return d
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// prefetch loads the snapshot of dir after a result was replayed from the result
// cache, unless an edit already made the worker load it.
func (s *Server) prefetch(ctx context.Context, dir string, overlay map[string][]byte, entry *driver.CacheEntry) {
	s.mu.Lock()
	snap := s.snaps[dir]
	s.mu.Unlock()
	if snap != nil && snap.Valid(overlay) {
		return
	}
	snap, err := driver.Load(ctx, driver.Request{Dir: dir, Overlay: overlay, Cached: entry})
	if err != nil {
		return // the next analysis loads again and reports it
	}
	s.logger.Printf("loaded %s in %v after a cached result (%d same-module imports from source, %d with facts from the result cache)", dir, snap.LoadTime.Round(time.Millisecond), snap.SupportPackages(), snap.CachedImports())
	s.mu.Lock()
	if s.openLocked(dir) {
		s.snaps[dir] = snap
	}
	s.mu.Unlock()
}

// changedLocked reports whether the open files of dir are no longer those of versions
// (an edit, an open or a close since). s.mu is held.
func (s *Server) changedLocked(dir string, versions map[string]int) bool {
	n := 0
	for p, d := range s.docs {
		if filepath.Dir(p) != dir {
			continue
		}
		n++
		if v, ok := versions[p]; !ok || v != d.version {
			return true
		}
	}
	return n != len(versions)
}

// cacheKey identifies the inputs of a package's analysis: the configuration, every
// overlay (the package's imports from the same module are analysed from source too),
// and the names, sizes and modification times of the package directory's files.
func cacheKey(dir, stamp string, overlay map[string][]byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", dir, stamp)
	names := make([]string, 0, len(overlay))
	for p := range overlay {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(overlay[p]))
		h.Write(overlay[p])
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if info, err := e.Info(); err == nil && !e.IsDir() {
				fmt.Fprintf(h, "%s\x00%d\x00%d\x00", e.Name(), info.Size(), info.ModTime().UnixNano())
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// run analyses the package in dir. A panic outside the analyzers (which the driver
// already guards) becomes the result's error.
func (s *Server) run(ctx, loadCtx context.Context, dir string, set *analyzerSet, overlay map[string][]byte, uris map[string]string) (res *result) {
	res = &result{files: map[string]*fileResult{}}
	defer func() {
		if r := recover(); r != nil {
			s.logger.Printf("panic analysing %s: %v\n%s", dir, r, debug.Stack())
			res.err = fmt.Errorf("internal error analysing %s: %v", dir, r)
		}
	}()
	if !inModule(dir) {
		// go list fails and go/packages returns no package: say why nothing is shown.
		res.err = fmt.Errorf("the directory is outside any Go module (no go.mod or go.work above it): not analysed")
		return res
	}
	s.mu.Lock()
	snap := s.snaps[dir]
	s.mu.Unlock()
	// With no buffer that differs from its file, the result of the files on disk may
	// be in the result cache (stored by the command line or an earlier server); else
	// the key is kept, to store the result of the analysis below under it.
	var entry *driver.CacheEntry
	if len(overlay) == 0 {
		if c := s.resultCache(set, dir); c != nil {
			start := time.Now()
			out, e := c.Lookup(ctx, dir)
			if out != nil {
				s.logger.Printf("replayed %s from the result cache in %v", dir, time.Since(start).Round(time.Millisecond))
				res = s.convert(dir, set, out, overlay, uris)
				res.cached, res.entry = true, e
				return res
			}
			entry = e
		}
	}
	if snap == nil || !snap.Valid(overlay) {
		var err error
		if snap, err = driver.Load(loadCtx, driver.Request{Dir: dir, Overlay: overlay, Cached: entry}); err != nil {
			res.err = err
			return res
		}
		s.logger.Printf("loaded %s in %v (%d same-module imports from source, %d with facts from the result cache)", dir, snap.LoadTime.Round(time.Millisecond), snap.SupportPackages(), snap.CachedImports())
		s.mu.Lock()
		if s.openLocked(dir) {
			s.snaps[dir] = snap
		}
		s.mu.Unlock()
	}
	out, err := snap.Analyze(ctx, set.analyzers, overlay)
	if err != nil {
		res.err = err
		return res
	}
	if entry != nil && ctx.Err() == nil {
		entry.Store(out)
	}
	return s.convert(dir, set, out, overlay, uris)
}

// convert turns the driver's result for dir into the server's: diagnostics, fixes and
// ignore actions per file, and the problems to show.
func (s *Server) convert(dir string, set *analyzerSet, out *driver.Result, overlay map[string][]byte, uris map[string]string) *result {
	res := &result{files: map[string]*fileResult{}}
	// What was not analysed is decided by the driver (driver.Coverage), as for the
	// command line. go list reports compile errors of overlaid files under temporary
	// names.
	var blocked []string
	blocked = append(blocked, out.Hints...)
	for _, n := range out.NotAnalysed {
		line := overlayName.ReplaceAllString(n.Line(), "$1")
		res.problems = append(res.problems, line)
		res.incomplete = true
		if !n.Own {
			blocked = append(blocked, line)
		}
	}
	if len(blocked) > len(out.Hints) {
		res.blocked = strings.Join(blocked, "; ")
	}
	for _, p := range out.Problems {
		res.problems = append(res.problems, overlayName.ReplaceAllString(p, "$1"))
	}
	contents := map[string]string{}
	content := func(file string) (string, bool) {
		if c, ok := contents[file]; ok {
			return c, true
		}
		var c string
		if b, ok := overlay[file]; ok {
			c = string(b)
		} else if b, err := os.ReadFile(file); err == nil {
			c = string(b)
		} else {
			return "", false
		}
		contents[file] = c
		return c, true
	}
	uriOf := func(file string) string {
		if u, ok := uris[file]; ok {
			return u
		}
		return pathToURI(file)
	}
	for _, f := range out.Findings {
		start := f.Fset.PositionFor(f.Diag.Pos, false)
		file := start.Filename
		if file == "" || set.excluded(file) {
			continue
		}
		text, ok := content(file)
		if !ok {
			continue
		}
		end := start
		if f.Diag.End.IsValid() {
			if e := f.Fset.PositionFor(f.Diag.End, false); e.Filename == file && e.Offset >= start.Offset {
				end = e
			}
		}
		d := Diagnostic{
			Range:   Range{Start: position(text, start.Offset), End: position(text, end.Offset)},
			Code:    f.Rule,
			Source:  Source,
			Message: f.Message,
		}
		url := f.URL
		if r, ok := analyzers.Lookup(f.Rule); ok {
			d.Severity = severity(string(r.Severity))
			if url == "" && r.Analyzer != nil {
				url = r.Analyzer.URL
			}
		}
		if d.Severity == 0 {
			d.Severity = severityWarning
		}
		if url != "" {
			d.CodeDescription = &CodeDescription{Href: url}
		}
		e := entry{diag: d}
		for _, sf := range f.Diag.SuggestedFixes {
			fx := fix{edits: map[string][]byteEdit{}}
			ok := true
			for _, te := range sf.TextEdits {
				ps := f.Fset.PositionFor(te.Pos, false)
				pe := ps
				if te.End != token.NoPos {
					pe = f.Fset.PositionFor(te.End, false)
				}
				c, found := content(ps.Filename)
				if !found || pe.Filename != ps.Filename || pe.Offset < ps.Offset || pe.Offset > len(c) {
					ok = false
					break
				}
				fx.edits[ps.Filename] = append(fx.edits[ps.Filename], byteEdit{ps.Offset, pe.Offset, string(te.NewText)})
			}
			if !ok || len(fx.edits) == 0 {
				continue
			}
			fx.title = sf.Message
			if fx.title == "" {
				fx.title = "Apply the fix of " + f.Rule
			}
			fx.contents = map[string]string{}
			fx.uris = map[string]string{}
			for file := range fx.edits {
				fx.contents[file], _ = content(file)
				fx.uris[file] = uriOf(file)
			}
			e.fixes = append(e.fixes, fx)
		}
		if f.Rule != "directive" {
			line := d.Range.Start.Line
			l := lineAt(text, line)
			indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			e.ignore = &CodeAction{
				Title: fmt.Sprintf("Ignore %s here (//reconcilelint:ignore)", f.Rule),
				Kind:  kindQuickFix,
				Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{uriOf(file): {{
					Range:   Range{Start: Position{Line: line}, End: Position{Line: line}},
					NewText: indent + "//reconcilelint:ignore " + f.Rule + " <reason>\n",
				}}}},
			}
		}
		fr := res.files[file]
		if fr == nil {
			fr = &fileResult{content: text}
			res.files[file] = fr
		}
		fr.entries = append(fr.entries, e)
	}
	return res
}

// inModule reports whether dir is inside a module or workspace (or GOPATH mode is on).
func inModule(dir string) bool {
	if os.Getenv("GO111MODULE") == "off" {
		return true
	}
	for {
		for _, name := range []string{"go.mod", "go.work"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

func severity(s string) int {
	switch s {
	case "error":
		return severityError
	case "warning":
		return severityWarning
	case "info":
		return severityInformation
	}
	return 0
}

// logDir logs a problem of a package directory once (until it changes).
func (s *Server) logDir(dir string, typ int, msg string) {
	s.mu.Lock()
	same := s.lastLog[dir] == msg
	s.lastLog[dir] = msg
	s.mu.Unlock()
	if !same && msg != "" {
		s.logf(typ, "%s", msg)
	}
}

// showOnce shows msg to the user (window/showMessage) unless it is the message last
// shown for dir: a package that cannot be analysed is announced once, not on every
// keystroke. An empty msg forgets the last one (the package was analysed).
func (s *Server) showOnce(dir, msg string) {
	s.mu.Lock()
	same := s.lastShown[dir] == msg
	s.lastShown[dir] = msg
	s.mu.Unlock()
	if !same && msg != "" {
		s.notify("window/showMessage", ShowMessageParams{Type: msgError, Message: "reconcilelint: " + msg})
	}
}

// publish sends the diagnostics of every file of a package directory: the files with
// findings, the open files (an empty list), and the files whose findings disappeared (an
// empty list clears them). A package that did not load or type-check keeps the
// diagnostics published before: the problem is logged instead.
func (s *Server) publish(ctx context.Context, dir string, res *result, versions map[string]int, uris map[string]string) {
	switch {
	case res.err != nil:
		msg := fmt.Sprintf("analysing %s: %v", dir, res.err)
		if ex := driver.Explain(res.err.Error(), ""); ex.Hint != "" {
			msg += "; " + ex.Hint
		}
		s.logDir(dir, msgError, msg)
		s.showOnce(dir, msg)
		return
	case len(res.problems) > 0:
		typ := msgWarning
		if res.incomplete {
			typ = msgError
		}
		s.logDir(dir, typ, fmt.Sprintf("analysing %s: %s", dir, strings.Join(res.problems, "; ")))
	default:
		s.logDir(dir, msgLog, "")
	}
	if res.blocked != "" {
		s.showOnce(dir, fmt.Sprintf("%s is not analysed: %s", dir, res.blocked))
	}
	if res.incomplete {
		return
	}
	s.showOnce(dir, "") // analysed: a later failure is shown again
	var out []PublishDiagnosticsParams
	s.mu.Lock()
	if ctx.Err() != nil {
		// An edit arrived since the analysis ended: its result is on its way.
		s.mu.Unlock()
		return
	}
	prev := s.published[dir]
	files := map[string]bool{}
	for f := range prev {
		files[f] = true
	}
	for f := range res.files {
		files[f] = true
	}
	for f := range versions {
		files[f] = true
	}
	now := map[string]bool{}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		p := PublishDiagnosticsParams{URI: pathToURI(f), Diagnostics: []Diagnostic{}}
		if u, ok := uris[f]; ok {
			p.URI = u
		}
		if v, ok := versions[f]; ok {
			p.Version = &v
		}
		if fr := res.files[f]; fr != nil {
			for _, e := range fr.entries {
				p.Diagnostics = append(p.Diagnostics, e.diag)
			}
		}
		if len(p.Diagnostics) > 0 {
			now[f] = true
		}
		out = append(out, p)
	}
	s.published[dir] = now
	s.shown[dir] = res
	s.mu.Unlock()
	for _, p := range out {
		s.notify("textDocument/publishDiagnostics", p)
	}
}

// clearDir clears the diagnostics of a package none of whose files is open any more and
// forgets it.
func (s *Server) clearDir(dir string) {
	s.mu.Lock()
	prev := s.published[dir]
	delete(s.published, dir)
	delete(s.shown, dir)
	delete(s.cache, dir)
	delete(s.snaps, dir)
	delete(s.lastLog, dir)
	delete(s.lastShown, dir)
	s.mu.Unlock()
	names := make([]string, 0, len(prev))
	for f := range prev {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: pathToURI(f), Diagnostics: []Diagnostic{}})
	}
}

// codeActions returns the quick fixes of the published diagnostics that overlap the
// requested range: every suggested fix, then an "ignore" directive.
func (s *Server) codeActions(p CodeActionParams) []CodeAction {
	actions := []CodeAction{}
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, func(k string) bool {
		return k == kindQuickFix || strings.HasPrefix(kindQuickFix, k+".")
	}) {
		return actions
	}
	path := uriToPath(p.TextDocument.URI)
	s.mu.Lock()
	res := s.shown[filepath.Dir(path)]
	doc := s.docs[path]
	s.mu.Unlock()
	if res == nil || res.files[path] == nil {
		return actions
	}
	fr := res.files[path]
	if doc != nil && doc.text != fr.content {
		return actions // the buffer changed since: its new diagnostics are on their way
	}
	for _, e := range fr.entries {
		if !overlaps(e.diag.Range, p.Range) {
			continue
		}
		for i, fx := range e.fixes {
			edit := &WorkspaceEdit{Changes: map[string][]TextEdit{}}
			for file, es := range fx.edits {
				edit.Changes[fx.uris[file]] = formattedEdits(fx.contents[file], es)
			}
			actions = append(actions, CodeAction{Title: fx.title, Kind: kindQuickFix, IsPreferred: i == 0,
				Diagnostics: []Diagnostic{e.diag}, Edit: edit})
		}
		if e.ignore != nil {
			a := *e.ignore
			a.Diagnostics = []Diagnostic{e.diag}
			actions = append(actions, a)
		}
	}
	return actions
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position (ranges touching at an end
// count: a cursor at the end of a diagnostic asks for its fixes).
func overlaps(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

// formattedEdits returns the text edits that turn content into what `reconcilelint -fix`
// writes for these fix edits: the edits applied, then the file formatted with
// go/format (unformatted when it does not parse, as -fix does). Analyzers write their
// edits without re-aligning neighbouring lines (trailing comments, keyed fields), which
// gofmt would; an editor does not format a code action's result by itself. The edits
// cover only the lines that differ, so the rest of the buffer (and its undo history,
// markers and folds) is left alone.
func formattedEdits(content string, es []byteEdit) []TextEdit {
	es = slices.Clone(es)
	sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
	var b strings.Builder
	last := 0
	for _, e := range es {
		if e.start < last {
			continue // overlapping edits: keep the first, as -fix keeps the first fix
		}
		b.WriteString(content[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.WriteString(content[last:])
	fixed := b.String()
	if out, err := format.Source([]byte(fixed)); err == nil {
		fixed = string(out)
	}
	a, c := strings.SplitAfter(content, "\n"), strings.SplitAfter(fixed, "\n")
	// Byte offset of the start of each line of content, and of its end.
	offs := make([]int, len(a)+1)
	for i, l := range a {
		offs[i+1] = offs[i] + len(l)
	}
	var out []TextEdit
	for _, op := range difflib.NewMatcher(a, c).GetOpCodes() {
		if op.Tag == 'e' {
			continue
		}
		out = append(out, TextEdit{
			Range:   Range{Start: position(content, offs[op.I1]), End: position(content, offs[op.I2])},
			NewText: strings.Join(c[op.J1:op.J2], ""),
		})
	}
	return out
}
