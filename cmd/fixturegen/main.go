// Command fixturegen runs the run-time scenarios of the rules through the
// reference runtime and writes testdata/runtime/RULE.golden,
// testdata/runtime/RULE.md and docs/runtime.md.
//
//	go run ./cmd/fixturegen [-root DIR] [-check]
//
// The module root defaults to the nearest directory upward that holds a
// go.mod, so that `go generate ./runtime` works. With -check nothing is
// written and the exit status is 1 when a file is stale.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/reconcilelint/reconcilelint/runtime/fixtures"
)

func main() {
	root := flag.String("root", "", "module root (default: nearest directory upward with a go.mod)")
	check := flag.Bool("check", false, "report stale files without writing them")
	flag.Parse()
	if err := run(*root, *check); err != nil {
		fmt.Fprintln(os.Stderr, "fixturegen:", err)
		os.Exit(1)
	}
}

func run(root string, check bool) error {
	if root == "" {
		var err error
		if root, err = findRoot(); err != nil {
			return err
		}
	}
	files := fixtures.Generate(fixtures.RuleExistsIn(root))
	var stale []string
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(root, filepath.FromSlash(rel))
		old, err := os.ReadFile(path)
		if err == nil && bytes.Equal(old, files[rel]) {
			continue
		}
		stale = append(stale, rel)
		if check {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[rel], 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", rel)
	}
	if check && len(stale) > 0 {
		return fmt.Errorf("stale: %v; run go generate ./runtime", stale)
	}
	return nil
}

func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod found upward from the working directory")
		}
		dir = parent
	}
}
