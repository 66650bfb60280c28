package stubcheck_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestStubsMatchRealPackages reports every way in which a stub under
// testdata/src differs from the real package of the same import path.
func TestStubsMatchRealPackages(t *testing.T) {
	root := moduleRoot(t)
	gopath := filepath.Join(root, "..", "..", "testdata")
	paths := stubImportPaths(t, filepath.Join(gopath, "src"))
	if len(paths) == 0 {
		t.Fatal("no third-party stubs found under testdata/src")
	}
	for _, msg := range check(t, root, gopath, paths) {
		t.Error(msg)
	}
}

// TestCheckerReportsDrift feeds the checker a deliberately wrong stub tree and
// makes sure every planted difference is reported.
func TestCheckerReportsDrift(t *testing.T) {
	root := moduleRoot(t)
	gopath := t.TempDir()
	files := map[string]string{
		"k8s.io/apimachinery/pkg/types/types.go": `// Package types synthesizes package k8s.io/apimachinery/pkg/types for tests.
package types

type NamespacedName struct {
	Namespace string
	Name      int
	Bogus     string
}

func (n *NamespacedName) String() string { return "" }

type UID = string

type PatchType int

const MergePatchType PatchType = 1

const JSONPatchType = "application/json-patch+json"

type NoSuchType struct{}
`,
		"k8s.io/apimachinery/pkg/util/wait/wait.go": `// Package wait is headed wrongly.
package wait

import (
	"context"
	"time"
)

type ConditionFunc func() (bool, error, int)

func Poll(interval time.Duration, timeout int, condition ConditionFunc) error { return nil }

func Until(f func(), period time.Duration) {}

func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh ...<-chan struct{}) {
}

var Forever = func(f func(), period time.Duration) {}

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition func(context.Context) (bool, error)) error {
	return nil
}
`,
		"k8s.io/client-go/util/workqueue/queue.go": `// Package workqueue synthesizes package k8s.io/client-go/util/workqueue for tests.
package workqueue

type TypedInterface[T any] interface {
	Add(item T)
	Len() string
	Bogus()
}

type TypedRateLimiter[U comparable] interface {
	When(item U) int
}

type Interface = TypedInterface[any]
`,
		"sigs.k8s.io/controller-runtime/pkg/log/log.go": `// Package wronglog synthesizes package sigs.k8s.io/controller-runtime/pkg/log for tests.
package wronglog
`,
		"example.com/nonexistent/pkg/foo/foo.go": `// Package foo synthesizes package example.com/nonexistent/pkg/foo for tests.
package foo
`,
	}
	for name, content := range files {
		file := filepath.Join(gopath, "src", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths := stubImportPaths(t, filepath.Join(gopath, "src"))
	got := check(t, root, gopath, paths)

	want := []string{
		"stub k8s.io/apimachinery/pkg/types.NamespacedName: field Name is int, real is string",
		"stub k8s.io/apimachinery/pkg/types.NamespacedName: field Bogus does not exist in the real struct",
		"stub k8s.io/apimachinery/pkg/types.NamespacedName: method String has a pointer receiver, real has a value receiver",
		"stub k8s.io/apimachinery/pkg/types.UID: is an alias, real is a defined type",
		"stub k8s.io/apimachinery/pkg/types.PatchType: underlying type is int, real is string",
		"stub k8s.io/apimachinery/pkg/types.MergePatchType: value is 1, real is \"application/merge-patch+json\"",
		"stub k8s.io/apimachinery/pkg/types.JSONPatchType: type is untyped string, real is k8s.io/apimachinery/pkg/types.PatchType",
		"stub k8s.io/apimachinery/pkg/types.NoSuchType: does not exist in the real package",
		"stub k8s.io/apimachinery/pkg/util/wait: package comment must be",
		"stub k8s.io/apimachinery/pkg/util/wait.ConditionFunc: underlying type: result count is 3, real is 2",
		"stub k8s.io/apimachinery/pkg/util/wait.Poll: param 2 is int, real is time.Duration",
		"stub k8s.io/apimachinery/pkg/util/wait.Until: param count is 2, real is 3",
		"stub k8s.io/apimachinery/pkg/util/wait.JitterUntil: variadic is true, real is false",
		"stub k8s.io/apimachinery/pkg/util/wait.Forever: is a var, real is a func",
		"stub k8s.io/apimachinery/pkg/util/wait.PollUntilContextCancel: param 4 is func(context.Context) (bool, error), real is k8s.io/apimachinery/pkg/util/wait.ConditionWithContextFunc",
		"stub k8s.io/client-go/util/workqueue.TypedInterface: type parameter 1 constraint is any, real is comparable",
		"stub k8s.io/client-go/util/workqueue.TypedInterface: interface method Len: result 1 is string, real is int",
		"stub k8s.io/client-go/util/workqueue.TypedInterface: interface method Bogus does not exist in the real interface",
		"stub k8s.io/client-go/util/workqueue.TypedRateLimiter: type parameter 1 is named U, real is T",
		"stub k8s.io/client-go/util/workqueue.TypedRateLimiter: interface method When: result 1 is int, real is time.Duration",
		"stub k8s.io/client-go/util/workqueue.Interface: is an alias, real is a defined type",
		"stub sigs.k8s.io/controller-runtime/pkg/log: package name is wronglog, real is log",
		"stub example.com/nonexistent/pkg/foo: cannot load the real package",
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("missing report %q", w)
		}
	}
	if t.Failed() {
		t.Logf("got reports:\n%s", strings.Join(got, "\n"))
	}
}

// moduleRoot returns the directory holding the go.mod of this test module
// (internal/k8stest), whose requirements pin the real packages.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// stubImportPaths lists the import paths of the packages under src whose
// first path element contains a dot, that is, stubs of third-party packages.
func stubImportPaths(t *testing.T, src string) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(src, filepath.Dir(path))
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		first, _, _ := strings.Cut(rel, "/")
		// A host under the reserved .example domain names a made-up package that stands
		// for some SDK (cloud.example/sdk): it has no real counterpart to check against.
		if strings.Contains(first, ".") && !strings.HasSuffix(first, ".example") {
			seen[rel] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	paths := make([]string, 0, len(seen))
	for p := range seen {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// check loads the stubs at paths from the GOPATH tree gopath and the real
// packages of the same paths from the module rooted at root (this test module,
// not the main module: the main module requires no Kubernetes module but
// sigs.k8s.io/yaml), and returns one
// message per difference.
func check(t *testing.T, root, gopath string, paths []string) []string {
	t.Helper()
	stubs := load(t, &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedFiles,
		Dir:  filepath.Join(gopath, "src"),
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOPROXY=off"),
	}, paths)
	reals := load(t, &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes,
		Dir:  root,
		Env:  append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off"),
	}, paths)

	var msgs []string
	for _, path := range paths {
		stub, real := stubs[path], reals[path]
		c := &checker{path: path}
		switch {
		case stub == nil || len(stub.Errors) > 0 || stub.Types == nil:
			c.reportf("", "does not type-check: %v", errorsOf(stub))
		case real == nil || len(real.Errors) > 0 || real.Types == nil:
			c.reportf("", "cannot load the real package: %v", errorsOf(real))
		default:
			c.checkDoc(stub)
			c.checkPackage(stub.Types, real.Types)
		}
		msgs = append(msgs, c.msgs...)
	}
	return msgs
}

func load(t *testing.T, cfg *packages.Config, paths []string) map[string]*packages.Package {
	t.Helper()
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatalf("loading %v: %v", paths, err)
	}
	m := make(map[string]*packages.Package, len(pkgs))
	for _, p := range pkgs {
		m[p.PkgPath] = p
	}
	return m
}

func errorsOf(p *packages.Package) string {
	if p == nil {
		return "not loaded"
	}
	var s []string
	for _, e := range p.Errors {
		s = append(s, e.Error())
	}
	return strings.Join(s, "; ")
}

type checker struct {
	path string
	msgs []string
}

func (c *checker) reportf(name, format string, args ...any) {
	subject := c.path
	if name != "" {
		subject += "." + name
	}
	c.msgs = append(c.msgs, fmt.Sprintf("stub %s: %s", subject, fmt.Sprintf(format, args...)))
}

// checkDoc requires the package comment "Package X synthesizes package P for tests."
func (c *checker) checkDoc(stub *packages.Package) {
	want := fmt.Sprintf("Package %s synthesizes package %s for tests.", stub.Name, c.path)
	fset := token.NewFileSet()
	for _, name := range stub.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			c.reportf("", "%v", err)
			return
		}
		if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) == want {
			return
		}
	}
	c.reportf("", "package comment must be %q", want)
}

func (c *checker) checkPackage(stub, real *types.Package) {
	if stub.Name() != real.Name() {
		c.reportf("", "package name is %s, real is %s", stub.Name(), real.Name())
	}
	for _, name := range stub.Scope().Names() {
		obj := stub.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		robj := real.Scope().Lookup(name)
		if robj == nil {
			c.reportf(name, "does not exist in the real package")
			continue
		}
		if k, rk := kind(obj), kind(robj); k != rk {
			c.reportf(name, "is %s, real is %s", k, rk)
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			c.checkSignature(name, "", obj.Signature(), robj.(*types.Func).Signature())
		case *types.Var:
			c.checkType(name, "type", obj.Type(), robj.Type())
		case *types.Const:
			rc := robj.(*types.Const)
			if c.checkType(name, "type", obj.Type(), rc.Type()) {
				if v, rv := obj.Val().ExactString(), rc.Val().ExactString(); v != rv {
					c.reportf(name, "value is %s, real is %s", v, rv)
				}
			}
		case *types.TypeName:
			if obj.IsAlias() {
				c.checkAlias(name, obj.Type(), robj.Type())
			} else {
				c.checkNamed(name, obj.Type().(*types.Named), robj.Type().(*types.Named))
			}
		}
	}
}

func kind(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Func:
		return "a func"
	case *types.Var:
		return "a var"
	case *types.Const:
		return "a const"
	case *types.TypeName:
		if obj.IsAlias() {
			return "an alias"
		}
		return "a defined type"
	}
	return fmt.Sprintf("a %T", obj)
}

// typeString prints t qualified by package path, so that a stub type and the
// real type of the same name print identically.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Path() })
}

// checkType reports a difference between t and rt, described as what, and
// reports whether they match.
func (c *checker) checkType(name, what string, t, rt types.Type) bool {
	s, rs := typeString(t), typeString(rt)
	if s == rs {
		return true
	}
	// Functions get a parameter-by-parameter report.
	sig, ok1 := t.(*types.Signature)
	rsig, ok2 := rt.(*types.Signature)
	if ok1 && ok2 {
		return c.checkSignature(name, what+": ", sig, rsig)
	}
	c.reportf(name, "%s is %s, real is %s", what, s, rs)
	return false
}

// checkSignature compares two signatures, ignoring receivers and parameter names.
func (c *checker) checkSignature(name, prefix string, sig, rsig *types.Signature) bool {
	n := len(c.msgs)
	c.checkTypeParams(name, prefix, sig.TypeParams(), rsig.TypeParams())
	c.checkTuple(name, prefix+"param", sig.Params(), rsig.Params())
	c.checkTuple(name, prefix+"result", sig.Results(), rsig.Results())
	if sig.Variadic() != rsig.Variadic() {
		c.reportf(name, "%svariadic is %t, real is %t", prefix, sig.Variadic(), rsig.Variadic())
	}
	return len(c.msgs) == n
}

func (c *checker) checkTuple(name, what string, tup, rtup *types.Tuple) {
	if tup.Len() != rtup.Len() {
		c.reportf(name, "%s count is %d, real is %d (%s vs %s)", what, tup.Len(), rtup.Len(),
			typeString(tup), typeString(rtup))
		return
	}
	for i := range tup.Len() {
		s, rs := typeString(tup.At(i).Type()), typeString(rtup.At(i).Type())
		if s != rs {
			c.reportf(name, "%s %d is %s, real is %s", what, i+1, s, rs)
		}
	}
}

func (c *checker) checkTypeParams(name, prefix string, tps, rtps *types.TypeParamList) {
	if tps.Len() != rtps.Len() {
		c.reportf(name, "%stype parameter count is %d, real is %d", prefix, tps.Len(), rtps.Len())
		return
	}
	for i := range tps.Len() {
		tp, rtp := tps.At(i), rtps.At(i)
		if tp.Obj().Name() != rtp.Obj().Name() {
			c.reportf(name, "%stype parameter %d is named %s, real is %s", prefix, i+1, tp.Obj().Name(), rtp.Obj().Name())
		}
		if s, rs := typeString(tp.Constraint()), typeString(rtp.Constraint()); s != rs {
			c.reportf(name, "%stype parameter %d constraint is %s, real is %s", prefix, i+1, s, rs)
		}
	}
}

func (c *checker) checkAlias(name string, t, rt types.Type) {
	a, ok1 := t.(*types.Alias)
	ra, ok2 := rt.(*types.Alias)
	if !ok1 || !ok2 {
		c.checkType(name, "aliased type", types.Unalias(t), types.Unalias(rt))
		return
	}
	c.checkTypeParams(name, "", a.TypeParams(), ra.TypeParams())
	if s, rs := typeString(a.Rhs()), typeString(ra.Rhs()); s != rs {
		c.reportf(name, "aliases %s, real aliases %s", s, rs)
	}
}

func (c *checker) checkNamed(name string, named, rnamed *types.Named) {
	c.checkTypeParams(name, "", named.TypeParams(), rnamed.TypeParams())

	u, ru := named.Underlying(), rnamed.Underlying()
	if k, rk := underKind(u), underKind(ru); k != rk {
		c.reportf(name, "underlying type is %s, real is %s", k, rk)
		return
	}
	switch u := u.(type) {
	case *types.Struct:
		c.checkStruct(name, u, ru.(*types.Struct))
	case *types.Interface:
		c.checkInterface(name, u, ru.(*types.Interface))
	default:
		c.checkType(name, "underlying type", u, ru)
	}
	c.checkMethods(name, named, rnamed)
}

// underKind names the kind of an underlying type; basic types and other
// unnamed types are named by their full text.
func underKind(t types.Type) string {
	switch t.(type) {
	case *types.Struct:
		return "a struct"
	case *types.Interface:
		return "an interface"
	case *types.Signature:
		return "a func"
	case *types.Map:
		return "a map"
	case *types.Slice:
		return "a slice"
	case *types.Array:
		return "an array"
	case *types.Pointer:
		return "a pointer"
	case *types.Chan:
		return "a chan"
	}
	return typeString(t)
}

func (c *checker) checkStruct(name string, st, rst *types.Struct) {
	real := map[string]*types.Var{}
	for i := range rst.NumFields() {
		real[rst.Field(i).Name()] = rst.Field(i)
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		rf := real[f.Name()]
		if rf == nil {
			c.reportf(name, "field %s does not exist in the real struct", f.Name())
			continue
		}
		if f.Embedded() != rf.Embedded() {
			c.reportf(name, "field %s embedded is %t, real is %t", f.Name(), f.Embedded(), rf.Embedded())
		}
		c.checkType(name, "field "+f.Name(), f.Type(), rf.Type())
	}
}

func (c *checker) checkInterface(name string, it, rit *types.Interface) {
	for i := range it.NumMethods() {
		m := it.Method(i)
		if !m.Exported() {
			continue
		}
		rm := lookupMethod(rit, m.Name())
		if rm == nil {
			c.reportf(name, "interface method %s does not exist in the real interface", m.Name())
			continue
		}
		c.checkSignature(name, "interface method "+m.Name()+": ", m.Signature(), rm.Signature())
	}
	if it.IsComparable() != rit.IsComparable() || it.IsMethodSet() != rit.IsMethodSet() {
		c.reportf(name, "type set is %s, real is %s", typeString(it), typeString(rit))
	}
}

func lookupMethod(it *types.Interface, name string) *types.Func {
	for i := range it.NumMethods() {
		if m := it.Method(i); m.Name() == name {
			return m
		}
	}
	return nil
}

// checkMethods compares the exported methods declared on named with the
// method sets of the real type; a method may be promoted in the real type.
func (c *checker) checkMethods(name string, named, rnamed *types.Named) {
	if _, ok := named.Underlying().(*types.Interface); ok {
		return
	}
	realValue := types.NewMethodSet(rnamed)
	realPtr := types.NewMethodSet(types.NewPointer(rnamed))
	for i := range named.NumMethods() {
		m := named.Method(i)
		if !m.Exported() {
			continue
		}
		rsel := realPtr.Lookup(rnamed.Obj().Pkg(), m.Name())
		if rsel == nil {
			c.reportf(name, "method %s does not exist in the real type", m.Name())
			continue
		}
		ptr := isPointerRecv(m)
		rptr := realValue.Lookup(rnamed.Obj().Pkg(), m.Name()) == nil
		switch {
		case ptr && !rptr:
			c.reportf(name, "method %s has a pointer receiver, real has a value receiver", m.Name())
		case !ptr && rptr:
			c.reportf(name, "method %s has a value receiver, real has a pointer receiver", m.Name())
		}
		rm := rsel.Obj().(*types.Func)
		c.checkSignature(name, "method "+m.Name()+": ", m.Signature(), rm.Signature())
	}
}

func isPointerRecv(m *types.Func) bool {
	_, ok := m.Signature().Recv().Type().(*types.Pointer)
	return ok
}

// TestDepsNameEveryStub keeps deps.go, which holds the real packages in this
// module's go.mod, equal to the list of stubs: a stub whose real package is
// missing there could not be loaded, and a package there without a stub keeps
// a module in go.mod for nothing.
func TestDepsNameEveryStub(t *testing.T) {
	root := moduleRoot(t)
	stubs := stubImportPaths(t, filepath.Join(root, "..", "..", "testdata", "src"))
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "stubcheck", "deps.go"), nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var deps []string
	for _, imp := range f.Imports {
		deps = append(deps, strings.Trim(imp.Path.Value, `"`))
	}
	sort.Strings(deps)
	if !slices.Equal(deps, stubs) {
		t.Errorf("deps.go imports\n\t%s\nthe stubs under testdata/src are\n\t%s", strings.Join(deps, "\n\t"), strings.Join(stubs, "\n\t"))
	}
}

// TestV06StubsMatchRealPackages checks the stubs of the v0.6 era under testdata/v06/src
// against controller-runtime v0.6.5: the real packages come from the matrix row
// testdata/matrix/v0.6.5, a module pinned to that release (its modules are downloaded by
// .ci/run's matrix step), so this module's pins stay those of the current release.
func TestV06StubsMatchRealPackages(t *testing.T) {
	repo := filepath.Join(moduleRoot(t), "..", "..")
	gopath := filepath.Join(repo, "testdata", "v06")
	paths := stubImportPaths(t, filepath.Join(gopath, "src"))
	if len(paths) == 0 {
		t.Fatal("no third-party stubs found under testdata/v06/src")
	}
	for _, msg := range check(t, filepath.Join(repo, "testdata", "matrix", "v0.6.5"), gopath, paths) {
		t.Error(msg)
	}
}

// TestV020StubsMatchRealPackages checks the stubs of the v0.20 era under
// testdata/v020/src against controller-runtime v0.20.4, the last release whose
// CustomValidator and CustomDefaulter are interfaces of their own: the real packages come
// from the matrix row testdata/matrix/v0.20.4, as for TestV06StubsMatchRealPackages.
func TestV020StubsMatchRealPackages(t *testing.T) {
	repo := filepath.Join(moduleRoot(t), "..", "..")
	gopath := filepath.Join(repo, "testdata", "v020")
	paths := stubImportPaths(t, filepath.Join(gopath, "src"))
	if len(paths) == 0 {
		t.Fatal("no third-party stubs found under testdata/v020/src")
	}
	for _, msg := range check(t, filepath.Join(repo, "testdata", "matrix", "v0.20.4"), gopath, paths) {
		t.Error(msg)
	}
}
