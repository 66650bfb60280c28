package shallow

import (
	"bufio"
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// exports lists path → export data file for the packages below patterns, as the
// driver gets them (go list -deps -export), and the paths in the go command's order
// (each package after its imports).
func exports(t *testing.T, dir string, patterns ...string) (map[string]string, []string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps", "-export", "-f", "{{.ImportPath}} {{.Export}}"}, patterns...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string]string{}
	var order []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, " "); ok && file != "" {
			m[path] = file
			order = append(order, path)
		}
	}
	return m, order
}

// describe writes everything the type checker can see of pkg: each object of its scope
// with its position, each named type's underlying type and methods (with positions),
// struct fields with tags, and the package's imports.
func describe(fset *token.FileSet, pkg *types.Package) string {
	var b strings.Builder
	pos := func(p token.Pos) string { return fset.Position(p).String() }
	fmt.Fprintf(&b, "package %s %s complete=%v\n", pkg.Path(), pkg.Name(), pkg.Complete())
	for _, imp := range pkg.Imports() {
		fmt.Fprintf(&b, "import %s\n", imp.Path())
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		fmt.Fprintf(&b, "%s @ %s\n", types.ObjectString(obj, nil), pos(obj.Pos()))
		tn, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok {
			fmt.Fprintf(&b, "  underlying %s\n", named.Underlying())
			for m := range named.Methods() {
				fmt.Fprintf(&b, "  method %s @ %s\n", types.ObjectString(m, nil), pos(m.Pos()))
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					f := st.Field(i)
					fmt.Fprintf(&b, "  field %s %q embedded=%v @ %s\n", f.Name(), st.Tag(i), f.Embedded(), pos(f.Pos()))
				}
			}
			if it, ok := named.Underlying().(*types.Interface); ok {
				for m := range it.Methods() {
					fmt.Fprintf(&b, "  imethod %s @ %s\n", types.ObjectString(m, nil), pos(m.Pos()))
				}
			}
		}
	}
	return b.String()
}

// mode says how importAll reads export data.
type mode int

const (
	whole   mode = iota // as the go command wrote it
	reached             // pruned to what the public root reaches
	shallow             // pruned, and the declarations the importer already holds dropped
)

// importAll imports each of paths with one importer (as the driver does), reading
// export data as m says, and describes the packages in paths. size, when not nil, is
// called with the size of each package's export data before and after.
func importAll(t *testing.T, files map[string]string, paths []string, m mode, size func(before, after int)) string {
	t.Helper()
	fset := token.NewFileSet()
	done := map[string]*types.Package{}
	known := func(path, name string) bool {
		p := done[path]
		return p != nil && p.Scope().Lookup(name) != nil
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		b, err := os.ReadFile(files[path])
		if err != nil {
			return nil, err
		}
		out := b
		switch m {
		case reached:
			out, _ = Prune(b, path, nil)
		case shallow:
			out, _ = Prune(b, path, known)
		}
		if size != nil {
			size(dataSize(t, b), dataSize(t, out))
		}
		return io.NopCloser(bytes.NewReader(out)), nil
	})
	for _, path := range paths {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		done[path] = pkg
	}
	var out strings.Builder
	for _, path := range paths {
		out.WriteString(describe(fset, done[path]))
	}
	return out.String()
}

// sameTypes imports paths whole and in each pruned mode, and fails unless the importer
// sees the same packages in each.
func sameTypes(t *testing.T, files map[string]string, paths []string) {
	t.Helper()
	want := importAll(t, files, paths, whole, nil)
	sizes := map[mode]int{}
	for _, m := range []mode{reached, shallow} {
		var before, after int
		got := importAll(t, files, paths, m, func(b, a int) { before += b; after += a })
		if got != want {
			diff(t, want, got)
		}
		if after >= before {
			t.Errorf("mode %d: pruned export data is %d bytes, the original %d", m, after, before)
		}
		t.Logf("mode %d, %d packages: %d bytes of export data, %d after pruning (%.0f%%)", m, len(paths), before, after, 100*float64(after)/float64(before))
		sizes[m] = after
	}
	// With packages imported before, their objects' declarations are dropped too.
	if len(paths) > 1 && sizes[shallow] >= sizes[reached] {
		t.Errorf("pruned with the importer's packages known: %d bytes, not less than the %d of reach alone", sizes[shallow], sizes[reached])
	}
}

// TestSameTypes imports real export data (the standard library's, written by the
// toolchain that runs the test) whole and pruned, and asserts that the importer sees
// the same packages: objects, positions, underlying types, methods, fields, imports;
// and that pruning removed something (the bodies of inlinable functions at least).
func TestSameTypes(t *testing.T) {
	// Packages with generics, inlinable bodies, embedded interfaces and cgo-free
	// assembly alike.
	roots := []string{"net/http", "go/types", "encoding/json", "slices", "iter", "sync/atomic", "reflect"}
	files, deps := exports(t, ".", roots...)
	paths := slices.Sorted(maps.Keys(files))
	sameTypes(t, files, paths)
	// In reverse path order, many packages are read before their imports, with fewer
	// declarations known: the importer must see the same packages all the same.
	slices.Reverse(paths)
	sameTypes(t, files, paths)
	// Imported each with an importer of its own, every package is whole (no package
	// is completed by another's export data).
	for _, path := range []string{"net/http", "go/types"} {
		sameTypes(t, files, []string{path})
	}

	// Importer, as the driver uses it, imports after their imports.
	want := importAll(t, files, deps, whole, nil)
	fset := token.NewFileSet()
	imp := Importer(fset, func(path string) (string, bool) { f, ok := files[path]; return f, ok })
	var got strings.Builder
	for _, path := range deps {
		pkg, err := imp(path)
		if err != nil {
			t.Fatal(err)
		}
		got.WriteString(describe(fset, pkg))
	}
	if got.String() != want {
		diff(t, want, got.String())
	}
	if _, err := imp("example.com/none"); err == nil || !strings.Contains(err.Error(), `no export data for "example.com/none"`) {
		t.Errorf("import of a package without export data: %v", err)
	}
}

// TestModule is TestSameTypes over the packages of a module of one's choosing (not run
// by default): RECONCILELINT_SHALLOW_DIR=/path/to/module go test -run TestModule.
func TestModule(t *testing.T) {
	dir := os.Getenv("RECONCILELINT_SHALLOW_DIR")
	if dir == "" {
		t.Skip("RECONCILELINT_SHALLOW_DIR not set")
	}
	files, deps := exports(t, dir, "./...")
	sameTypes(t, files, slices.Sorted(maps.Keys(files)))
	sameTypes(t, files, deps)
}

// dataSize is the size of the export data in file: what the importer keeps.
func dataSize(t *testing.T, file []byte) int {
	_, _, data, err := member(file)
	if err != nil {
		t.Fatalf("export data file: %v", err)
	}
	return len(data)
}

func diff(t *testing.T, want, got string) {
	t.Helper()
	w := bufio.NewScanner(strings.NewReader(want))
	g := bufio.NewScanner(strings.NewReader(got))
	for n := 1; ; n++ {
		wok, gok := w.Scan(), g.Scan()
		if !wok && !gok {
			return
		}
		if w.Text() != g.Text() {
			t.Fatalf("line %d: whole %q, pruned %q", n, w.Text(), g.Text())
		}
	}
}

// TestNotExportData: input that is not export data is returned as it is.
func TestNotExportData(t *testing.T) {
	for _, in := range []string{"", "!<arch>\n", "hello", "!<arch>\n__.PKGDEF       0           0     0     644     12        `\ngo object\n$$B\nu\n$$\n"} {
		out, ok := Prune([]byte(in), "p", nil)
		if ok || string(out) != in {
			t.Errorf("Prune(%q) = %q, %v; want the input and false", in, out, ok)
		}
	}
}

// TestOpen: files that are not whole export data reach the importer as they are, for
// it to report; a truncated file is not mapped past its end.
func TestOpen(t *testing.T) {
	files, _ := exports(t, ".", "errors")
	good, err := os.ReadFile(files["errors"])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, content := range map[string][]byte{
		"empty":     nil,
		"text":      []byte("not export data"),
		"truncated": good[:bytes.Index(good, []byte("$$B\n"))+50],
		"short":     good[:30],
	} {
		file := dir + "/" + name
		if err := os.WriteFile(file, content, 0o644); err != nil {
			t.Fatal(err)
		}
		rc, err := open(file, "errors", nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got, _ := io.ReadAll(rc)
		if !bytes.Equal(got, content) {
			t.Errorf("%s: got %d bytes, want the file's %d as they are", name, len(got), len(content))
		}
		fset := token.NewFileSet()
		imp := Importer(fset, func(string) (string, bool) { return file, true })
		if _, err := imp("errors"); err == nil {
			t.Errorf("%s: imported without an error", name)
		}
	}
	if _, err := open(dir+"/missing", "errors", nil); err == nil {
		t.Error("a missing file opened")
	}
}
