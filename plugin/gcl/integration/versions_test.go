package integration

import (
	"os/exec"
	"strings"
	"testing"
)

// pinned are modules whose versions must be the main module's in this nested module
// too: golangci-lint's requirements must not raise them. The modules linked into the
// plugin are checked as well (see TestVersions). No Kubernetes module is among
// them: the main module requires none but sigs.k8s.io/yaml (the scenarios of
// testdata/integration pin controller-runtime in their own go.mod files).
var pinned = []string{
	"golang.org/x/tools",
	"github.com/golangci/plugin-module-register",
}

func goList(t *testing.T, dir string, args ...string) []string {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return strings.Fields(string(out))
}

// TestVersions checks that the custom golangci-lint links the plugin with the module
// versions the main module's tests ran with.
func TestVersions(t *testing.T) {
	mods := append([]string(nil), pinned...)
	for _, m := range goList(t, "../../..", "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", "./plugin") {
		if m != "github.com/reconcilelint/reconcilelint" {
			mods = append(mods, m)
		}
	}
	version := func(dir string) map[string]string {
		v := map[string]string{}
		f := goList(t, dir, append([]string{"list", "-m", "-f", "{{.Path}}={{.Version}}"}, mods...)...)
		for _, pv := range f {
			p, ver, _ := strings.Cut(pv, "=")
			v[p] = ver
		}
		return v
	}
	root, nested := version("../../.."), version(".")
	for _, m := range mods {
		if root[m] == "" || root[m] != nested[m] {
			t.Errorf("%s: %q in the main module, %q in plugin/gcl", m, root[m], nested[m])
		}
	}
}
