package vetfacts

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/gcexportdata"
)

// mark is a test fact.
type mark struct{ Label string }

func (*mark) AFact() {}

// other is a second fact type, to check that facts are kept apart by type.
type other struct{ N int }

func (*other) AFact() {}

func init() {
	registerOnce(new(mark))
	registerOnce(new(other))
}

// universe type-checks packages from source in order, each importing the earlier ones
// through their export data (as the vet driver imports them from the compiler's), and
// returns each package as its importers see it and the importer's map of every package
// a package's export data names.
type universe struct {
	t      *testing.T
	export map[string][]byte // path → export data
}

func (u *universe) check(path, src string) (*types.Package, map[string]*types.Package) {
	u.t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		u.t.Fatal(err)
	}
	packages := map[string]*types.Package{}
	std := importer.Default()
	imp := importerFunc(func(p string) (*types.Package, error) {
		data, ok := u.export[p]
		if !ok {
			return std.Import(p)
		}
		return gcexportdata.Read(bytes.NewReader(data), fset, packages, p)
	})
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		u.t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gcexportdata.Write(&buf, fset, pkg); err != nil {
		u.t.Fatal(err)
	}
	if u.export == nil {
		u.export = map[string][]byte{}
	}
	u.export[path] = buf.Bytes()
	return pkg, packages
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(p string) (*types.Package, error) { return f(p) }

func lookup(t *testing.T, pkg *types.Package, name string) types.Object {
	t.Helper()
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("%s has no %s", pkg.Path(), name)
	}
	return obj
}

func method(t *testing.T, pkg *types.Package, typ, name string) types.Object {
	t.Helper()
	obj, _, _ := types.LookupFieldOrMethod(lookup(t, pkg, typ).Type(), true, pkg, name)
	if obj == nil {
		t.Fatalf("%s.%s has no %s", pkg.Path(), typ, name)
	}
	return obj
}

const srcA = `package a
type T struct{ F int }
func (T) M() {}
func Fn() {}
var unexported = 1
func use() int { return unexported }
`

const srcB = `package b
import "a"
func Get() a.T { return a.T{} }
func Own() {}
`

const srcC = `package c
import "b"
var _ = b.Get
`

// TestFactsTravel writes facts in package a, passes them to b (a direct importer) and
// from b to c (which sees a's types only through b's API).
func TestFactsTravel(t *testing.T) {
	u := &universe{t: t}
	a, _ := u.check("a", srcA)
	sa := New(a)
	sa.ExportPackageFact(&mark{"pkg a"})
	sa.ExportObjectFact(lookup(t, a, "T"), &mark{"type T"})
	sa.ExportObjectFact(method(t, a, "T", "M"), &mark{"method M"})
	sa.ExportObjectFact(method(t, a, "T", "F"), &mark{"field F"})
	sa.ExportObjectFact(lookup(t, a, "Fn"), &mark{"func Fn"})
	sa.ExportObjectFact(lookup(t, a, "Fn"), &other{7})
	sa.ExportObjectFact(lookup(t, a, "unexported"), &mark{"var unexported"})
	dataA, err := sa.Encode()
	if err != nil {
		t.Fatal(err)
	}

	b, pkgsB := u.check("b", srcB)
	sb := New(b)
	if err := sb.Decode([]string{"a"}, pkgsB, func(string) ([]byte, error) { return dataA, nil }); err != nil {
		t.Fatal(err)
	}
	a2 := pkgsB["a"]
	want := map[types.Object]string{
		lookup(t, a2, "T"):      "type T",
		method(t, a2, "T", "M"): "method M",
		method(t, a2, "T", "F"): "field F",
		lookup(t, a2, "Fn"):     "func Fn",
	}
	for obj, label := range want {
		var m mark
		if !sb.ImportObjectFact(obj, &m) || m.Label != label {
			t.Errorf("b: fact of %v = %q, want %q", obj, m.Label, label)
		}
	}
	var o other
	if !sb.ImportObjectFact(lookup(t, a2, "Fn"), &o) || o.N != 7 {
		t.Errorf("b: second fact type of a.Fn lost: %+v", o)
	}
	var pm mark
	if !sb.ImportPackageFact(a2, &pm) || pm.Label != "pkg a" {
		t.Errorf("b: package fact of a = %q", pm.Label)
	}
	if got := len(sb.AllObjectFacts(map[reflect.Type]bool{reflect.TypeOf(new(mark)): true})); got != 4 {
		t.Errorf("b: AllObjectFacts(mark) = %d facts, want 4 (the unexported var is not in a's export data)", got)
	}
	sb.ExportObjectFact(lookup(t, b, "Own"), &mark{"func Own"})
	dataB, err := sb.Encode()
	if err != nil {
		t.Fatal(err)
	}

	c, pkgsC := u.check("c", srcC)
	sc := New(c)
	if err := sc.Decode([]string{"b"}, pkgsC, func(string) ([]byte, error) { return dataB, nil }); err != nil {
		t.Fatal(err)
	}
	a3, b3 := pkgsC["a"], pkgsC["b"]
	if a3 == nil {
		t.Fatal("c's importer does not know a")
	}
	var m mark
	if !sc.ImportObjectFact(lookup(t, b3, "Own"), &m) || m.Label != "func Own" {
		t.Errorf("c: fact of its direct import's function lost: %q", m.Label)
	}
	if !sc.ImportObjectFact(a3.Scope().Lookup("T"), &m) || m.Label != "type T" {
		t.Errorf("c: type fact of a.T not passed on by b: %q", m.Label)
	}
	if obj, _, _ := types.LookupFieldOrMethod(a3.Scope().Lookup("T").Type(), true, a3, "M"); obj == nil || !sc.ImportObjectFact(obj, &m) || m.Label != "method M" {
		t.Errorf("c: method fact of a.T.M not passed on by b")
	}
	// Package-level functions and package facts reach direct importers only: b's file
	// names a's type, field and method, and b's own function.
	var entries []entry
	if err := gob.NewDecoder(bytes.NewReader(dataB[len(magic):])).Decode(&entries); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.PkgPath+"."+string(e.Object))
	}
	if want := "a.T a.T.M0 a.T.UF0 b.Own"; strings.Join(got, " ") != want {
		t.Errorf("b's facts file names %q, want %q", strings.Join(got, " "), want)
	}
}

func TestEncodeDeterministic(t *testing.T) {
	u := &universe{t: t}
	a, _ := u.check("a", srcA)
	objs := []types.Object{lookup(t, a, "T"), lookup(t, a, "Fn"), method(t, a, "T", "M"), method(t, a, "T", "F")}
	var first []byte
	for round := 0; round < 10; round++ {
		s := New(a)
		for i := range objs {
			obj := objs[(i+round)%len(objs)] // a different insertion order each round
			s.ExportObjectFact(obj, &mark{obj.Name()})
			s.ExportObjectFact(obj, &other{i})
		}
		for i := range objs {
			s.ExportObjectFact(objs[i], &other{i}) // same final values every round
		}
		data, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
		} else if !bytes.Equal(first, data) {
			t.Fatalf("round %d: the facts file differs for the same facts", round)
		}
	}
}

// TestNoFacts: a package without facts writes the magic line only, the same bytes for
// every such package (the go command's cache keeps one copy, importers' keys match).
func TestNoFacts(t *testing.T) {
	u := &universe{t: t}
	a, _ := u.check("a", srcA)
	b, _ := u.check("b", srcB)
	da, _ := New(a).Encode()
	db, _ := New(b).Encode()
	if string(da) != magic || string(db) != magic {
		t.Errorf("facts files without facts: %q and %q, want %q", da, db, magic)
	}
	s := New(b)
	if err := s.Decode([]string{"a"}, map[string]*types.Package{"a": a}, func(string) ([]byte, error) { return da, nil }); err != nil {
		t.Errorf("decoding an empty facts file: %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	u := &universe{t: t}
	a, pkgs := u.check("a", srcA)
	s := New(a)
	err := s.Decode([]string{"x"}, pkgs, func(string) ([]byte, error) { return []byte("vetx\x00\x00\x00\x01junk"), nil })
	if err == nil || !strings.Contains(err.Error(), "not a reconcilelint facts file") {
		t.Errorf("foreign file: err = %v", err)
	}
	err = s.Decode([]string{"x"}, pkgs, func(string) ([]byte, error) { return []byte(magic + "\x01\x02"), nil })
	if err == nil || !strings.Contains(err.Error(), "decoding facts of x") {
		t.Errorf("corrupt file: err = %v", err)
	}
}

// TestUnknownPackageDropped: facts about packages the unit's types never mention are
// dropped, not errors.
func TestUnknownPackageDropped(t *testing.T) {
	u := &universe{t: t}
	a, _ := u.check("a", srcA)
	sa := New(a)
	sa.ExportObjectFact(lookup(t, a, "T"), &mark{"T"})
	data, _ := sa.Encode()
	c, _ := u.check("z", "package z\n")
	s := New(c)
	if err := s.Decode([]string{"a"}, map[string]*types.Package{}, func(string) ([]byte, error) { return data, nil }); err != nil {
		t.Fatal(err)
	}
	if n := len(s.AllObjectFacts(map[reflect.Type]bool{reflect.TypeOf(new(mark)): true})); n != 0 {
		t.Errorf("%d facts about an unknown package kept", n)
	}
}

func TestExportForeignObjectPanics(t *testing.T) {
	u := &universe{t: t}
	a, _ := u.check("a", srcA)
	b, _ := u.check("b", srcB)
	defer func() {
		if recover() == nil {
			t.Error("ExportObjectFact on another package's object did not panic")
		}
	}()
	New(b).ExportObjectFact(lookup(t, a, "T"), &mark{})
}
