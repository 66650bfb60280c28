package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/driver"
)

// TestSnapshot checks the language server's fast path: an analysis from a snapshot
// gives what a full load gives, for the file on disk and for an unsaved edit, and the
// snapshot is declared stale exactly when what it was loaded from changes.
func TestSnapshot(t *testing.T) {
	root := copyOperator(t)
	dir := filepath.Join(root, "controllers")
	file := filepath.Join(dir, "configmap_controller.go")
	support := filepath.Join(root, "internal", "backoff", "backoff.go")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg := analyzers.DefaultConfig()
	as, err := cfg.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	render := func(res *driver.Result) string {
		var out []string
		for _, f := range res.Findings {
			out = append(out, fmt.Sprintf("%s:%d:%d %s", filepath.Base(f.Posn.Filename), f.Posn.Line, f.Posn.Column, f.Rule))
		}
		return strings.Join(out, "\n")
	}
	full := func(overlay map[string][]byte) string {
		t.Helper()
		res, err := driver.Analyze(ctx, driver.Request{Analyzers: as, Dir: dir, Patterns: []string{"."}, Overlay: overlay})
		if err != nil || len(res.Problems) > 0 {
			t.Fatalf("full analysis: %v %v", err, res.Problems)
		}
		return render(res)
	}

	snap, err := driver.Load(ctx, driver.Request{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if n := snap.SupportPackages(); n != 1 {
		t.Errorf("support packages: %d, want 1 (internal/backoff)", n)
	}
	fast := func(overlay map[string][]byte) *driver.Result {
		t.Helper()
		if !snap.Valid(overlay) {
			t.Fatal("the snapshot is stale")
		}
		res, err := snap.Analyze(ctx, as, overlay)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// The sleep through backoff.UntilReady needs the support package's facts.
	if got, want := render(fast(nil)), full(nil); got != want || !strings.Contains(got, "configmap_controller.go:48:9 sleep") {
		t.Fatalf("from the snapshot:\n%s\nfull load:\n%s", got, want)
	}
	// A body edit: same snapshot, new findings, the same as a full load.
	edited := map[string][]byte{file: []byte(strings.Replace(string(text), "\tlogger.Info(\"reconciled\")\n",
		"\ttime.Sleep(time.Second)\n\tlogger.Info(\"reconciled\")\n", 1))}
	if got, want := render(fast(edited)), full(edited); got != want || strings.Count(got, " sleep") != 3 {
		t.Fatalf("edited, from the snapshot:\n%s\nfull load:\n%s", got, want)
	}
	// Type and syntax errors are reported, nothing is analysed, the snapshot stays.
	for _, bad := range []string{
		strings.Replace(string(text), "\tlogger.Info(\"reconciled\")\n", "\tvar n int = \"x\"\n\tlogger.Info(\"reconciled\")\n", 1),
		string(text[:len(text)/2]),
	} {
		res := fast(map[string][]byte{file: []byte(bad)})
		if len(res.Findings) != 0 || len(res.Problems) != 0 || len(res.NotAnalysed) != 1 || !res.NotAnalysed[0].Own ||
			!strings.Contains(res.NotAnalysed[0].Reason, "does not type-check") ||
			!strings.Contains(res.NotAnalysed[0].Reason, "configmap_controller.go:") {
			t.Errorf("broken file: %d findings, problems %q, not analysed %+v", len(res.Findings), res.Problems, res.NotAnalysed)
		}
	}
	// A comment before the imports does not matter either.
	if !snap.Valid(map[string][]byte{file: append([]byte("// Package controllers.\n"), text...)}) {
		t.Error("a comment made the snapshot stale")
	}

	// What makes it stale.
	stale := map[string]map[string][]byte{
		"a new import":                  {file: []byte(strings.Replace(string(text), "import (\n", "import (\n\t\"os\"\n", 1))},
		"a build constraint":            {file: append([]byte("//go:build ignore\n\n"), text...)},
		"another package name":          {file: []byte(strings.Replace(string(text), "package controllers", "package other", 1))},
		"a buffer of a support package": {support: []byte("package backoff\n")},
		"an unsaved new file":           {filepath.Join(dir, "new.go"): []byte("package controllers\n")},
	}
	for what, overlay := range stale {
		if snap.Valid(overlay) {
			t.Errorf("%s: the snapshot is still valid", what)
		}
	}
	// Disk changes: a new file in the directory, a support package's file.
	newFile := filepath.Join(dir, "new.go")
	if err := os.WriteFile(newFile, []byte("package controllers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if snap.Valid(nil) {
		t.Error("a new file on disk: the snapshot is still valid")
	}
	os.Remove(newFile)
	if !snap.Valid(nil) {
		t.Error("the new file is gone: the snapshot should be valid again")
	}
	data, _ := os.ReadFile(support)
	if err := os.WriteFile(support, append(data, "\n// changed\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	os.Chtimes(support, later, later)
	if snap.Valid(nil) {
		t.Error("a support package changed on disk: the snapshot is still valid")
	}
	if !snap.Covers(support) || !snap.Covers(file) || snap.Covers(filepath.Join(filepath.Dir(root), "elsewhere", "x.go")) {
		t.Error("Covers: want the module's files and nothing else")
	}
}
