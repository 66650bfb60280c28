// Command release cross-builds reconcilelint and packs the release archives
// (`make release`):
//
//	go run ./internal/release -version v1.2.3 -out dist
//
// For every target it runs `go build` with CGO_ENABLED=0, -trimpath and the version
// stamped into internal/driver.stampedVersion, then writes
// reconcilelint_VERSION_OS_ARCH.tar.gz (.zip for windows) holding the binary,
// LICENSE and README.md, and finally checksums.txt in the format `sha256sum -c`
// reads. It needs only the go command.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// defaultTargets are the GOOS/GOARCH pairs of a release.
var defaultTargets = []string{
	"linux/amd64", "linux/arm64",
	"darwin/amd64", "darwin/arm64",
	"windows/amd64", "windows/arm64",
}

const versionVar = "github.com/reconcilelint/reconcilelint/internal/driver.stampedVersion"

type config struct {
	goCmd   string   // the go command
	root    string   // module root: holds cmd/reconcilelint, LICENSE, README.md
	out     string   // directory the archives and checksums.txt go to
	version string   // stamped into the binaries and the archive names
	targets []string // GOOS/GOARCH pairs
	mtime   time.Time
}

func main() {
	var c config
	var targets string
	flag.StringVar(&c.goCmd, "go", "go", "the go command")
	flag.StringVar(&c.root, "root", ".", "module root")
	flag.StringVar(&c.out, "out", "dist", "output directory")
	flag.StringVar(&c.version, "version", "", "version to stamp, e.g. v1.2.3 (required)")
	flag.StringVar(&targets, "targets", strings.Join(defaultTargets, ","), "comma-separated GOOS/GOARCH pairs")
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintf(os.Stderr, "release: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	c.targets = strings.Split(targets, ",")
	c.mtime = time.Now().UTC()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "release: SOURCE_DATE_EPOCH: %v\n", err)
			os.Exit(2)
		}
		c.mtime = time.Unix(n, 0).UTC()
	}
	names, err := run(c)
	if err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(1)
	}
	for _, n := range names {
		fmt.Println(filepath.Join(c.out, n))
	}
}

// run builds every target and returns the names of the files written under c.out,
// checksums.txt last.
func run(c config) ([]string, error) {
	if c.version == "" || strings.ContainsAny(c.version, " \t\n/\\'\"") {
		return nil, fmt.Errorf("-version must be a version such as v1.2.3, got %q", c.version)
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return nil, err
	}
	var extra []file
	for _, name := range []string{"LICENSE", "README.md"} {
		data, err := os.ReadFile(filepath.Join(c.root, name))
		if err != nil {
			return nil, err
		}
		extra = append(extra, file{name, data, 0o644})
	}
	tmp, err := os.MkdirTemp("", "reconcilelint-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	var names []string
	sums := map[string]string{}
	for _, t := range c.targets {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(t), "/")
		if !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
			return nil, fmt.Errorf("target %q is not GOOS/GOARCH", t)
		}
		bin := "reconcilelint"
		if goos == "windows" {
			bin += ".exe"
		}
		binPath := filepath.Join(tmp, goos+"_"+goarch, bin)
		cmd := exec.Command(c.goCmd, "build", "-trimpath",
			"-ldflags", "-s -w -X "+versionVar+"="+c.version,
			"-o", binPath, "./cmd/reconcilelint")
		cmd.Dir = c.root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("go build for %s/%s: %v", goos, goarch, err)
		}
		data, err := os.ReadFile(binPath)
		if err != nil {
			return nil, err
		}
		files := append([]file{{bin, data, 0o755}}, extra...)
		base := fmt.Sprintf("reconcilelint_%s_%s_%s", c.version, goos, goarch)
		var archive []byte
		if goos == "windows" {
			base += ".zip"
			archive, err = zipArchive(files, c.mtime)
		} else {
			base += ".tar.gz"
			archive, err = tarGz(files, c.mtime)
		}
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(c.out, base), archive, 0o644); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(archive)
		sums[base] = hex.EncodeToString(sum[:])
		names = append(names, base)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", sums[n], n) // two spaces: sha256sum's text mode
	}
	if err := os.WriteFile(filepath.Join(c.out, "checksums.txt"), []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	return append(names, "checksums.txt"), nil
}

type file struct {
	name string
	data []byte
	mode os.FileMode
}

func tarGz(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		h := &tar.Header{Name: f.name, Mode: int64(f.mode), Size: int64(len(f.data)), ModTime: mtime, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func zipArchive(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(w, bytes.NewReader(f.data)); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
