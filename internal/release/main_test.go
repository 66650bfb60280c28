package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestRelease builds the native target and windows/arm64 into a temporary
// directory and checks the archive names and contents, checksums.txt, and that the
// native binary reports the stamped version.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds the binary")
	}
	const version = "v9.8.7-releasetest"
	native := runtime.GOOS + "/" + runtime.GOARCH
	if runtime.GOOS == "windows" {
		t.Skip("the test runs the native tar.gz binary")
	}
	out := t.TempDir()
	mtime := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	names, err := run(config{goCmd: "go", root: "../..", out: out, version: version,
		targets: []string{native, "windows/arm64"}, mtime: mtime})
	if err != nil {
		t.Fatal(err)
	}
	nativeArchive := "reconcilelint_" + version + "_" + runtime.GOOS + "_" + runtime.GOARCH + ".tar.gz"
	winArchive := "reconcilelint_" + version + "_windows_arm64.zip"
	want := []string{nativeArchive, winArchive}
	sort.Strings(want)
	want = append(want, "checksums.txt")
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("run returned %q, want %q", names, want)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var onDisk []string
	for _, e := range entries {
		onDisk = append(onDisk, e.Name())
	}
	sort.Strings(want)
	if !reflect.DeepEqual(onDisk, want) {
		t.Fatalf("files in the output directory: %q, want %q", onDisk, want)
	}

	license, _ := os.ReadFile("../../LICENSE")
	readme, _ := os.ReadFile("../../README.md")

	// The tar.gz: the binary (executable), LICENSE and README.md, byte for byte.
	tgz := readTarGz(t, filepath.Join(out, nativeArchive))
	if got := sortedKeys(tgz); !reflect.DeepEqual(got, []string{"LICENSE", "README.md", "reconcilelint"}) {
		t.Fatalf("%s holds %q", nativeArchive, got)
	}
	if !bytes.Equal(tgz["LICENSE"].data, license) || !bytes.Equal(tgz["README.md"].data, readme) {
		t.Errorf("%s: LICENSE or README.md differs from the checkout's", nativeArchive)
	}
	if tgz["reconcilelint"].mode&0o111 == 0 {
		t.Errorf("%s: reconcilelint is not executable (mode %v)", nativeArchive, tgz["reconcilelint"].mode)
	}
	bin := filepath.Join(t.TempDir(), "reconcilelint")
	if err := os.WriteFile(bin, tgz["reconcilelint"].data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"version", "-version"} {
		got, err := exec.Command(bin, arg).Output()
		if err != nil {
			t.Fatalf("reconcilelint %s: %v", arg, err)
		}
		if !strings.HasPrefix(string(got), "reconcilelint "+version+" ") && strings.TrimSpace(string(got)) != "reconcilelint "+version {
			t.Errorf("reconcilelint %s printed %q, want the stamped version %s", arg, got, version)
		}
	}

	// The zip: a Windows PE binary named reconcilelint.exe.
	zr, err := zip.OpenReader(filepath.Join(out, winArchive))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	zfiles := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		zfiles[f.Name] = data
	}
	if got := sortedKeys(zfiles); !reflect.DeepEqual(got, []string{"LICENSE", "README.md", "reconcilelint.exe"}) {
		t.Fatalf("%s holds %q", winArchive, got)
	}
	if !bytes.HasPrefix(zfiles["reconcilelint.exe"], []byte("MZ")) {
		t.Errorf("%s: reconcilelint.exe is not a Windows executable", winArchive)
	}
	if !bytes.Equal(zfiles["LICENSE"], license) {
		t.Errorf("%s: LICENSE differs from the checkout's", winArchive)
	}

	// checksums.txt: one `<hex>  <file>` line per archive, sorted, each matching.
	sums, err := os.ReadFile(filepath.Join(out, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(sums), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("checksums.txt has %d lines, want 2:\n%s", len(lines), sums)
	}
	for i, line := range lines {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || name != names[i] {
			t.Fatalf("checksums.txt line %q, want `<hex>  %s`", line, names[i])
		}
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(data)
		if sum != hex.EncodeToString(h[:]) {
			t.Errorf("checksums.txt: %s has sum %s, file hashes to %x", name, sum, h)
		}
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", "checksums.txt")
		cmd.Dir = out
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c checksums.txt: %v\n%s", err, b)
		}
		// And it catches a corrupted archive.
		if err := os.WriteFile(filepath.Join(out, winArchive), []byte("corrupt"), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("sha256sum -c accepted a corrupted archive:\n%s", b)
		}
	}
}

// TestBadInput: a missing or malformed version and a malformed target are errors
// before anything is built.
func TestBadInput(t *testing.T) {
	for _, c := range []config{
		{goCmd: "go", root: "../..", out: t.TempDir(), version: "", targets: []string{"linux/amd64"}},
		{goCmd: "go", root: "../..", out: t.TempDir(), version: "v1 2", targets: []string{"linux/amd64"}},
		{goCmd: "go", root: "../..", out: t.TempDir(), version: "v1.2.3", targets: []string{"linux"}},
		{goCmd: "go", root: "../..", out: t.TempDir(), version: "v1.2.3", targets: []string{"linux/amd64/x"}},
	} {
		if _, err := run(c); err == nil {
			t.Errorf("run with version %q, targets %q: no error", c.version, c.targets)
		}
		if entries, _ := os.ReadDir(c.out); len(entries) != 0 {
			t.Errorf("run with version %q, targets %q wrote %d files", c.version, c.targets, len(entries))
		}
	}
}

type entry struct {
	data []byte
	mode os.FileMode
}

func readTarGz(t *testing.T, path string) map[string]entry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	m := map[string]entry{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		m[h.Name] = entry{data, h.FileInfo().Mode()}
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
