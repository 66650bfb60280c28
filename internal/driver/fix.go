package driver

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/pmezard/go-difflib/difflib"
)

type edit struct {
	start, end int
	text       []byte
}

// applyFixes applies the first suggested fix of every finding, skipping fixes that
// overlap one already taken, formats the result, and writes it (or a diff to w).
func applyFixes(findings []Finding, diffOnly bool, w io.Writer) (int, error) {
	files, fixes, err := fixedFiles(findings)
	if err != nil {
		return 0, err
	}
	for _, f := range files {
		if diffOnly {
			name := moduleRelative(f.name)
			if err := writeDiff(w, f, "a/"+name, "b/"+name); err != nil {
				return 0, err
			}
			continue
		}
		if err := os.WriteFile(f.name, f.fixed, 0o644); err != nil {
			return 0, err
		}
	}
	return fixes, nil
}

// fixedFile is a file with fixes applied.
type fixedFile struct {
	name       string
	src, fixed []byte
}

// fixedFiles applies the first suggested fix of every finding in memory, skipping fixes
// that overlap one already taken or span files, and formats each changed file like
// gofmt. It returns the files sorted by name and the number of fixes taken.
func fixedFiles(findings []Finding) ([]fixedFile, int, error) {
	byFile := map[string][]edit{}
	fixes := 0
	taken := map[string][][2]int{}
	for _, f := range findings {
		if len(f.Diag.SuggestedFixes) == 0 {
			continue
		}
		sf := f.Diag.SuggestedFixes[0]
		var es []edit
		var file string
		ok := true
		for _, te := range sf.TextEdits {
			start, end := f.Fset.Position(te.Pos), f.Fset.Position(te.End)
			if te.End == token.NoPos {
				end = start
			}
			if file != "" && start.Filename != file {
				ok = false // fixes spanning files are not applied by this driver
			}
			file = start.Filename
			for _, r := range taken[file] {
				if start.Offset < r[1] && r[0] < end.Offset {
					ok = false
				}
			}
			es = append(es, edit{start.Offset, end.Offset, te.NewText})
		}
		if !ok || file == "" {
			continue
		}
		for _, e := range es {
			taken[file] = append(taken[file], [2]int{e.start, e.end})
		}
		byFile[file] = append(byFile[file], es...)
		fixes++
	}
	names := make([]string, 0, len(byFile))
	for f := range byFile {
		names = append(names, f)
	}
	sort.Strings(names)
	var files []fixedFile
	for _, file := range names {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, 0, err
		}
		es := byFile[file]
		sort.Slice(es, func(i, j int) bool { return es[i].start < es[j].start })
		var out bytes.Buffer
		last := 0
		for _, e := range es {
			if e.start < last || e.end > len(src) {
				return nil, 0, fmt.Errorf("%s: a fix does not match the file (changed since it was analysed?)", file)
			}
			out.Write(src[last:e.start])
			out.Write(e.text)
			last = e.end
		}
		out.Write(src[last:])
		fixed, err := format.Source(out.Bytes())
		if err != nil {
			fixed = out.Bytes()
		}
		files = append(files, fixedFile{name: file, src: src, fixed: fixed})
	}
	return files, fixes, nil
}

// writeDiff writes the unified diff of a fixed file, with the names from and to (the
// standalone driver: "a/PATH" and "b/PATH" from the module root, which git apply and
// patch -p1 take).
func writeDiff(w io.Writer, f fixedFile, from, to string) error {
	ud := difflib.UnifiedDiff{A: difflib.SplitLines(string(f.src)), B: difflib.SplitLines(string(f.fixed)),
		FromFile: from, ToFile: to, Context: 3}
	text, err := difflib.GetUnifiedDiffString(ud)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// moduleRelative returns file relative to the root of its module (the nearest
// directory above it with a go.mod), slash-separated; the file itself when none.
func moduleRelative(file string) string {
	for dir := filepath.Dir(file); ; {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return relPath(dir, file)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.ToSlash(file)
		}
		dir = parent
	}
}
