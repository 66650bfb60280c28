package matrix

import (
	"fmt"
	"go/types"
	"os"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// TestIdentityTable loads, in each release module, every package that holds a home of an
// identity of k8sapi.Identities, and checks that each home declares the identity (not an
// alias, of the right kind, with the listed methods) in exactly the releases the table
// says, and that every other spelling is absent or an alias of the home. A release that
// moves a declaration fails here instead of silently losing findings.
func TestIdentityTable(t *testing.T) {
	pkgSet := map[string]bool{}
	for _, id := range k8sapi.Identities {
		for _, h := range id.Homes {
			pkgSet[h.Pkg] = true
		}
	}
	var paths []string
	for p := range pkgSet {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, r := range releases(t) {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			if r.Minor < k8sapi.OldestRelease || r.Minor > k8sapi.NewestRelease {
				t.Fatalf("matrix release %s is outside the table's releases v0.%d..v0.%d", r.Name, k8sapi.OldestRelease, k8sapi.NewestRelease)
			}
			dir := assemble(t, r)
			cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir,
				Env: append(os.Environ(), "GOFLAGS=-mod=readonly")}
			pkgs, err := packages.Load(cfg, paths...)
			if err != nil {
				t.Fatal(err)
			}
			byPath := map[string]*types.Package{}
			for _, p := range pkgs {
				if len(p.Errors) == 0 && p.Types != nil {
					byPath[p.PkgPath] = p.Types
				}
			}
			for _, msg := range checkRelease(r.Minor, byPath) {
				t.Error(msg)
			}
		})
	}
}

// checkRelease returns one message per disagreement between the table and the packages
// of release minor.
func checkRelease(minor int, byPath map[string]*types.Package) []string {
	var msgs []string
	for _, id := range k8sapi.Identities {
		live := 0
		for _, h := range id.Homes {
			obj := lookup(byPath, h.Pkg, h.Name)
			where := fmt.Sprintf("%s.%s (home %s.%s, v0.%d..%s)", id.Pkg, id.Name, h.Pkg, h.Name, h.From, until(h))
			if !h.In(minor) {
				if obj != nil && declared(obj) && sameKind(obj, id.Kind) {
					msgs = append(msgs, where+": declared here in v0."+fmt.Sprint(minor)+", outside the releases of the table")
				}
				continue
			}
			live++
			if obj == nil {
				msgs = append(msgs, where+": missing")
				continue
			}
			if !declared(obj) {
				msgs = append(msgs, where+": an alias here, not the declaration")
				continue
			}
			if !sameKind(obj, id.Kind) {
				msgs = append(msgs, fmt.Sprintf("%s: a %T, not the kind in the table", where, obj))
				continue
			}
			for _, m := range id.Methods {
				if !hasMethod(obj.Type(), m) {
					msgs = append(msgs, where+": no method "+m)
				}
			}
		}
		if live > 1 {
			msgs = append(msgs, fmt.Sprintf("%s.%s: %d homes in v0.%d, want at most 1", id.Pkg, id.Name, live, minor))
		}
	}
	return msgs
}

func until(h k8sapi.Home) string {
	if h.Until == 0 {
		return "now"
	}
	return fmt.Sprintf("v0.%d", h.Until)
}

func lookup(byPath map[string]*types.Package, path, name string) types.Object {
	p := byPath[path]
	if p == nil {
		return nil
	}
	return p.Scope().Lookup(name)
}

// declared reports whether obj is the declaration itself: not an alias of a type declared
// elsewhere or under another name, nor a variable holding a function declared elsewhere.
func declared(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return true
	}
	if !tn.IsAlias() {
		return true
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	return ok && n.Obj().Pkg() == tn.Pkg() && n.Obj().Name() == tn.Name()
}

func sameKind(obj types.Object, k k8sapi.Kind) bool {
	switch k {
	case k8sapi.TypeIdent:
		_, ok := obj.(*types.TypeName)
		return ok
	case k8sapi.FuncIdent:
		_, ok := obj.(*types.Func)
		return ok
	case k8sapi.VarIdent:
		switch obj.(type) {
		case *types.Var, *types.Const:
			return true
		}
	}
	return false
}

func hasMethod(t types.Type, name string) bool {
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(tt)
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return true
			}
		}
	}
	return false
}

// TestCheckReleaseReportsMoves feeds the check a table-shaped disagreement: a package
// set where cache.Informer is declared in pkg/cache on v0.25 (the table says cacheapi).
func TestCheckReleaseReportsMoves(t *testing.T) {
	cache := types.NewPackage(k8sapi.CachePkg, "cache")
	iface := types.NewInterfaceType([]*types.Func{
		types.NewFunc(0, cache, "AddEventHandler", types.NewSignatureType(nil, nil, nil, nil, nil, false)),
		types.NewFunc(0, cache, "AddEventHandlerWithResyncPeriod", types.NewSignatureType(nil, nil, nil, nil, nil, false)),
	}, nil).Complete()
	tn := types.NewTypeName(0, cache, "Informer", nil)
	types.NewNamed(tn, iface, nil)
	cache.Scope().Insert(tn)
	msgs := checkRelease(25, map[string]*types.Package{k8sapi.CachePkg: cache})
	var informer []string
	for _, m := range msgs {
		if strings.HasPrefix(m, k8sapi.CachePkg+".Informer") {
			informer = append(informer, m)
		}
	}
	want := []string{
		k8sapi.CachePkg + ".Informer (home " + k8sapi.CachePkg + ".Informer, v0.6..v0.24): declared here in v0.25, outside the releases of the table",
		k8sapi.CachePkg + ".Informer (home " + k8sapi.CachePkg + "/cacheapi.Informer, v0.25..now): missing",
	}
	if strings.Join(informer, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(informer, "\n"), strings.Join(want, "\n"))
	}
	// And on v0.24 the same package agrees with the table.
	for _, m := range checkRelease(24, map[string]*types.Package{k8sapi.CachePkg: cache}) {
		if strings.HasPrefix(m, k8sapi.CachePkg+".Informer") {
			t.Errorf("v0.24: unexpected %s", m)
		}
	}
}
