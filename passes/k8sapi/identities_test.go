package k8sapi

import (
	"fmt"
	"go/types"
	"strings"
	"testing"
)

func TestReleaseNote(t *testing.T) {
	for _, v := range []string{"v0.6.5", "v0.10.3", "v0.24.1", "v0.25.3", "v0.25.0-beta.0", "", "devel", "v0"} {
		if n := ReleaseNote(v); n != "" {
			t.Errorf("ReleaseNote(%q) = %q, want none", v, n)
		}
	}
	for v, want := range map[string]string{
		"v0.5.11": "controller-runtime v0.5.11 is older than v0.6",
		"v0.26.0": "controller-runtime v0.26.0 is newer than v0.25",
		"v1.0.0":  "controller-runtime v1.0.0 is newer than v0.25",
	} {
		n := ReleaseNote(v)
		if !strings.HasPrefix(n, want) || !strings.Contains(n, "may be missed") || strings.Contains(n, "\n") {
			t.Errorf("ReleaseNote(%q) = %q, want one line starting %q naming what may be missed", v, n, want)
		}
	}
}

// TestHomes checks that a matcher given the v0.24 spelling accepts every home of the
// identity, and nothing else.
func TestHomes(t *testing.T) {
	named := func(path, name string) types.Type {
		p := types.NewPackage(path, "p")
		tn := types.NewTypeName(0, p, name, nil)
		return types.NewNamed(tn, types.NewInterfaceType(nil, nil), nil)
	}
	cases := []struct {
		t          types.Type
		path, name string
		want       bool
	}{
		{named(CachePkg, "Informer"), CachePkg, "Informer", true},
		{named(CachePkg+"/cacheapi", "Informer"), CachePkg, "Informer", true},
		{named(CachePkg+"/cacheapi", "Informers"), CachePkg, "Informer", false},
		{named(BuilderPkg, "Builder"), BuilderPkg, "TypedBuilder", true},
		{named(BuilderPkg, "TypedBuilder"), BuilderPkg, "TypedBuilder", true},
		{named(BuilderPkg, "Builder"), BuilderPkg, "Builder", true},
		{named(ControllerPkg, "Options"), ControllerPkg, "TypedOptions", true},
		{named(ControllerPkg, "Controller"), ControllerPkg, "TypedController", true},
		{named(ReconcilePkg, "Func"), ReconcilePkg, "TypedFunc", true},
		{named(ClientPkg, "StatusWriter"), ClientPkg, "SubResourceWriter", true},
		// A home of one identity is not a home of another.
		{named(ReconcilePkg, "Func"), ReconcilePkg, "Result", false},
		{named(ControllerPkg, "Options"), ControllerPkg, "TypedController", false},
		{named(CachePkg, "Informer"), ToolsCachePkg, "SharedInformer", false},
		// The reverse direction is not implied: TypedBuilder is not a home of "Options".
		{named(BuilderPkg, "TypedBuilder"), ControllerPkg, "TypedOptions", false},
		// Aliases are unwrapped to their declaration.
		{types.NewAlias(types.NewTypeName(0, types.NewPackage(CachePkg, "cache"), "Informer", nil), named(CachePkg+"/cacheapi", "Informer")), CachePkg, "Informer", true},
	}
	for _, c := range cases {
		if got := IsType(c.t, c.path, c.name); got != c.want {
			t.Errorf("IsType(%v, %s, %s) = %v, want %v", c.t, c.path, c.name, got, c.want)
		}
	}
}

// TestTableShape checks that the table has one entry per identity (a name may have two
// of different kinds, a struct in old releases and a function in new ones) and that the
// homes of an identity do not overlap in releases.
func TestTableShape(t *testing.T) {
	seen := map[string]bool{}
	for _, id := range Identities {
		key := fmt.Sprintf("%s.%s (%v)", id.Pkg, id.Name, id.Kind)
		if seen[key] {
			t.Errorf("%s listed twice", key)
		}
		seen[key] = true
		for r := OldestRelease; r <= NewestRelease; r++ {
			n := 0
			for _, h := range id.Homes {
				if h.In(r) {
					n++
				}
			}
			if n > 1 {
				t.Errorf("%s: %d homes in v0.%d", key, n, r)
			}
		}
	}
}
