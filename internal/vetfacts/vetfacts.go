// Package vetfacts holds the analysis facts of one package analysed under the vet-tool
// protocol, and reads and writes them in the .vetx files the go command passes between
// packages.
//
// A .vetx file written here holds facts only: no type information. The vet-tool driver
// (internal/driver, unit.go) takes the types of imports from the compiler's export data,
// which the go command lists in the unit's PackageFile map, so the facts file only has
// to name the objects its facts are about. Objects are named by package path and
// go/types/objectpath path, facts are gob-encoded, and entries are sorted, so the same
// facts always give the same bytes: the go command keys every importer's vet action on
// the hash of this file, and a package without facts writes the same few bytes as every
// other package without facts (the build cache stores one copy).
//
// Which facts travel follows the go/analysis drivers (unitchecker, checker): facts about
// a package and about its package-level functions, variables and constants reach only
// the packages that import it directly; facts about types, fields and methods are
// passed on by every package whose API can reach them.
package vetfacts

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// magic starts every facts file; a file of another format (an older version of the tool
// under the same cache key cannot happen, but a foreign file can) is an error.
const magic = "reconcilelint facts v1\n"

type key struct {
	pkg *types.Package
	obj types.Object // nil for a package fact
	t   reflect.Type
}

// entry is the encoded form of one fact.
type entry struct {
	PkgPath string
	Object  objectpath.Path // empty for a package fact
	Fact    analysis.Fact
}

// Set is the facts visible to the analysis of one package: its own and those decoded
// from its imports. It is safe for concurrent use by the analyzers of the package.
type Set struct {
	pkg *types.Package
	mu  sync.Mutex
	m   map[key]analysis.Fact
}

// New returns an empty set for pkg.
func New(pkg *types.Package) *Set {
	return &Set{pkg: pkg, m: make(map[key]analysis.Fact)}
}

// Register makes the fact types of the analyzers and of everything they require known to
// the decoder. Every analyzer the binary can run must be registered, enabled or not.
func Register(as []*analysis.Analyzer) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			registerOnce(f)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
}

var registered sync.Map // reflect.Type → bool

func registerOnce(f analysis.Fact) {
	if _, loaded := registered.LoadOrStore(reflect.TypeOf(f), true); !loaded {
		gob.Register(f)
	}
}

// Decode adds the facts of the files read by read, one per package path in paths (the
// direct imports that have a facts file). packages maps the path of every package the
// unit's type information knows (the importer's map) to that package; facts about
// other packages, and about objects the export data does not hold (unexported ones,
// mostly), are dropped: nothing in this package can refer to them.
func (s *Set) Decode(paths []string, packages map[string]*types.Package, read func(path string) ([]byte, error)) error {
	sort.Strings(paths)
	for _, path := range paths {
		data, err := read(path)
		if err != nil {
			return fmt.Errorf("reading facts of %s: %v", path, err)
		}
		if len(data) == 0 {
			continue // no file: a package the go command vets without facts (unsafe)
		}
		if !bytes.HasPrefix(data, []byte(magic)) {
			return fmt.Errorf("facts of %s: not a reconcilelint facts file", path)
		}
		data = data[len(magic):]
		if len(data) == 0 {
			continue
		}
		var entries []entry
		if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&entries); err != nil {
			return fmt.Errorf("decoding facts of %s: %v", path, err)
		}
		for _, e := range entries {
			pkg := packages[e.PkgPath]
			if pkg == nil || pkg == s.pkg {
				continue
			}
			k := key{pkg: pkg, t: reflect.TypeOf(e.Fact)}
			if e.Object != "" {
				obj, err := objectpath.Object(pkg, e.Object)
				if err != nil {
					continue
				}
				k.obj = obj
			}
			s.m[k] = e.Fact
		}
	}
	return nil
}

// Empty returns the facts file of a package without facts.
func Empty() []byte { return []byte(magic) }

// Encode returns the facts file of the package: its own facts, and the imported facts
// its importers may need (see the package comment), sorted.
func (s *Set) Encode() ([]byte, error) {
	var enc objectpath.Encoder
	var entries []entry
	s.mu.Lock()
	for k, f := range s.m {
		if k.pkg != s.pkg {
			if k.obj == nil {
				continue // a package fact of an import: only its direct importers see it
			}
			if _, isType := k.obj.(*types.TypeName); !isType && k.obj.Parent() == k.obj.Pkg().Scope() {
				continue // a package-level function, variable or constant of an import
			}
		}
		var path objectpath.Path
		if k.obj != nil {
			p, err := enc.For(k.obj)
			if err != nil {
				continue // not reachable from the package's API (a local, say)
			}
			path = p
		}
		entries = append(entries, entry{PkgPath: k.pkg.Path(), Object: path, Fact: f})
	}
	s.mu.Unlock()
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.PkgPath != b.PkgPath {
			return a.PkgPath < b.PkgPath
		}
		if a.Object != b.Object {
			return a.Object < b.Object
		}
		return reflect.TypeOf(a.Fact).String() < reflect.TypeOf(b.Fact).String()
	})
	var buf bytes.Buffer
	buf.WriteString(magic)
	if len(entries) == 0 {
		return buf.Bytes(), nil
	}
	if err := gob.NewEncoder(&buf).Encode(entries); err != nil {
		return nil, fmt.Errorf("encoding facts: %v", err)
	}
	return buf.Bytes(), nil
}

// ImportObjectFact implements analysis.Pass.ImportObjectFact.
func (s *Set) ImportObjectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.m[key{pkg: obj.Pkg(), obj: obj, t: reflect.TypeOf(ptr)}]
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	}
	return ok
}

// ExportObjectFact implements analysis.Pass.ExportObjectFact.
func (s *Set) ExportObjectFact(obj types.Object, f analysis.Fact) {
	if obj.Pkg() != s.pkg {
		panic(fmt.Sprintf("in package %s: ExportObjectFact(%s, %T): object of another package", s.pkg.Path(), obj, f))
	}
	s.mu.Lock()
	s.m[key{pkg: obj.Pkg(), obj: obj, t: reflect.TypeOf(f)}] = f
	s.mu.Unlock()
}

// ImportPackageFact implements analysis.Pass.ImportPackageFact.
func (s *Set) ImportPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.m[key{pkg: pkg, t: reflect.TypeOf(ptr)}]
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	}
	return ok
}

// ExportPackageFact implements analysis.Pass.ExportPackageFact.
func (s *Set) ExportPackageFact(f analysis.Fact) {
	s.mu.Lock()
	s.m[key{pkg: s.pkg, t: reflect.TypeOf(f)}] = f
	s.mu.Unlock()
}

// AllObjectFacts implements analysis.Pass.AllObjectFacts for an analyzer whose fact
// types are the keys of filter.
func (s *Set) AllObjectFacts(filter map[reflect.Type]bool) []analysis.ObjectFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var facts []analysis.ObjectFact
	for k, f := range s.m {
		if k.obj != nil && filter[k.t] {
			facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	return facts
}

// AllPackageFacts implements analysis.Pass.AllPackageFacts for an analyzer whose fact
// types are the keys of filter.
func (s *Set) AllPackageFacts(filter map[reflect.Type]bool) []analysis.PackageFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var facts []analysis.PackageFact
	for k, f := range s.m {
		if k.obj == nil && filter[k.t] {
			facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: f})
		}
	}
	return facts
}
