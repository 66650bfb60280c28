package runtime_test

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reconcilelint/reconcilelint/runtime/fixtures"
)

// TestFixturesUpToDate regenerates every file cmd/fixturegen writes, in
// memory, and fails when a file in the tree differs.
func TestFixturesUpToDate(t *testing.T) {
	files := fixtures.Generate(fixtures.RuleExistsIn(".."))
	if len(files) == 0 {
		t.Fatal("the generator produced nothing")
	}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		got, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(rel)))
		if err != nil {
			t.Errorf("%s: %v\n\tregenerate with: go generate ./runtime (or go run ./cmd/fixturegen)", rel, err)
			continue
		}
		if !bytes.Equal(got, files[rel]) {
			t.Errorf("%s is stale\n\tregenerate with: go generate ./runtime (or go run ./cmd/fixturegen)", rel)
		}
	}
}

// TestGenerateIsDeterministic guards the premise of the fixtures: two runs
// give the same bytes.
func TestGenerateIsDeterministic(t *testing.T) {
	a, b := fixtures.Generate(fixtures.RuleExistsIn("..")), fixtures.Generate(fixtures.RuleExistsIn(".."))
	for k, v := range a {
		if !bytes.Equal(v, b[k]) {
			t.Fatalf("%s differs between two runs", k)
		}
	}
}
