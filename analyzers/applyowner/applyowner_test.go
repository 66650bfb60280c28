package applyowner_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/applyowner"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestApplyOwner(t *testing.T) {
	a, err := applyowner.New(applyowner.Config{ReportForceOwnership: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "applyowner/basic", "applyowner/negative")
}

// TestForceOwnershipOffByDefault: the default configuration does not report
// ForceOwnership (the upstream recommendation for controllers).
func TestForceOwnershipOffByDefault(t *testing.T) {
	analysistest.Run(t, testdata(t), applyowner.Analyzer, "applyowner/forcedefault")
}

func TestAllowForceOwnership(t *testing.T) {
	a, err := applyowner.New(applyowner.Config{ReportForceOwnership: true, AllowForceOwnership: []string{"example.com/other/...", "applyowner/migrate", "applyowner/migrate/sub/..."}})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "applyowner/migrate", "applyowner/migrate/sub")
}

func TestClientFieldOwner(t *testing.T) {
	a, err := applyowner.New(applyowner.Config{ClientFieldOwner: true, ReportForceOwnership: true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "applyowner/clientowner")
}

func TestBadConfig(t *testing.T) {
	for _, bad := range []string{"", "...", "/abs/path", "a//b", "a/.../b", "has space", "./rel", "a/"} {
		_, err := applyowner.New(applyowner.Config{AllowForceOwnership: []string{"ok/pkg", bad}})
		if err == nil {
			t.Errorf("New accepted allowForceOwnership entry %q", bad)
		} else if !strings.HasPrefix(err.Error(), "allowForceOwnership[1]: ") {
			t.Errorf("error %q does not name the field allowForceOwnership[1]", err)
		}
	}
	if _, err := applyowner.New(applyowner.Config{AllowForceOwnership: []string{"example.com/op/internal/...", "example.com/op"}}); err != nil {
		t.Errorf("New rejected valid paths: %v", err)
	}
}

// TestAcrossPackages: a field owner read from a struct field is judged at the stores
// into the field, in the package that declares it and in the packages that set it; an
// owner parameter of a helper is judged at the calls.
func TestAcrossPackages(t *testing.T) {
	analysistest.Run(t, testdata(t), applyowner.Analyzer, "applyowner/xpkg/controllers", "applyowner/xpkg/cmd")
}
