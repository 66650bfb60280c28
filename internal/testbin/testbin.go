// Package testbin holds what the tests that run the reconcilelint binary share: building
// it once per test binary and copying module trees into temporary directories.
package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Main builds cmd/reconcilelint into a temporary directory named after prefix, stores its
// path in *binary, runs the tests and exits with their code. It is the body of a
// TestMain.
func Main(m *testing.M, prefix string, binary *string) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		panic(err)
	}
	*binary = filepath.Join(dir, "reconcilelint")
	if runtime.GOOS == "windows" {
		*binary += ".exe"
	}
	build := exec.Command("go", "build", "-o", *binary, "github.com/reconcilelint/reconcilelint/cmd/reconcilelint")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building reconcilelint: " + err.Error())
	}
	// The binary's result cache lives with it: runs of the same module in one test
	// binary share it (a warm run must print what a cold one did), and nothing is
	// written to the user's cache directory.
	if os.Getenv("RECONCILELINT_CACHE") == "" {
		os.Setenv("RECONCILELINT_CACHE", filepath.Join(dir, "cache"))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// CopyTree copies the directory src to dst (created as needed), files with mode 0644.
func CopyTree(src, dst string) error {
	return filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
