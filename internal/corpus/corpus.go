// Package corpus prepares real modules that we did not write for runs of reconcilelint:
// it downloads a module through the Go module proxy, makes a writable copy of it, and
// points its replaces at other downloaded modules. internal/bench measures on such
// copies; the test of this package (RECONCILELINT_CORPUS=1, `make corpus`) runs every
// rule on every package of a corpus and fails on panics and analyzer errors.
package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
)

// Module is a real module of the corpus.
type Module struct {
	Name, Path, Version string
	// Replace maps module paths to the module@version downloads replaced in
	// (cluster-api's api module).
	Replace map[string]string
	// Leaf is a file, relative to the module root, whose last line the benchmark's
	// one-line edit of the go vet rows changes ("" for the libraries, which are not
	// benchmarked). It is a shared utility package that most packages import.
	Leaf string
	// Controller is a controller's file, relative to the module root: the result-cache
	// rows of the benchmark edit it (an operator author's usual edit), and the language
	// server rows open and edit it.
	Controller string
}

// Operators are the operators that `make bench` measures and that the corpus test runs
// on, from the smallest dependency graph to the largest but one.
var Operators = []Module{
	{Name: "cluster-api", Path: "sigs.k8s.io/cluster-api", Version: "v1.14.2",
		Replace:    map[string]string{"sigs.k8s.io/cluster-api/api": "sigs.k8s.io/cluster-api/api@v1.14.2"},
		Leaf:       "util/conditions/getter.go",
		Controller: "core/reconcilers/machine/machine_controller.go"},
	{Name: "sample-controller", Path: "k8s.io/sample-controller", Version: "v0.36.2",
		Leaf: "controller.go", Controller: "controller.go"},
	{Name: "kuberay", Path: "github.com/ray-project/kuberay/ray-operator", Version: "v1.5.0",
		Leaf: "controllers/ray/utils/constant.go", Controller: "controllers/ray/raycluster_controller.go"},
	{Name: "external-secrets", Path: "github.com/external-secrets/external-secrets", Version: "v0.16.2",
		Leaf: "pkg/utils/utils.go", Controller: "pkg/controllers/externalsecret/externalsecret_controller.go"},
}

// Libraries are the two libraries every controller builds on; the corpus test runs on
// them too.
var Libraries = []Module{
	{Name: "controller-runtime", Path: "sigs.k8s.io/controller-runtime", Version: "v0.24.1"},
	{Name: "client-go", Path: "k8s.io/client-go", Version: "v0.36.0"},
}

// Prepare makes dir a writable copy of the module modver ("path@version") downloaded
// through the module proxy, with each module path of replace replaced by the download
// of the module@version it maps to. A dir that already holds a go.mod is taken as
// prepared: the copy is made in a temporary sibling directory and renamed into place, so
// an interrupted Prepare leaves no half copy behind.
func Prepare(dir, modver string, replace map[string]string) error {
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return nil
	}
	src, err := Download(modver)
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer func() {
		// The module cache is read-only: make the copy writable before removing it.
		if _, err := os.Stat(tmp); err == nil {
			run(parent, "chmod", "-R", "u+w", tmp)
			os.RemoveAll(tmp)
		}
	}()
	if err := run(parent, "cp", "-r", src+"/.", tmp); err != nil {
		return err
	}
	if err := run(parent, "chmod", "-R", "u+w", tmp); err != nil {
		return err
	}
	paths := make([]string, 0, len(replace))
	for path := range replace {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		rdir, err := Download(replace[path])
		if err != nil {
			return err
		}
		if err := run(tmp, "go", "mod", "edit", "-replace="+path+"="+rdir); err != nil {
			return err
		}
	}
	os.RemoveAll(dir) // a directory without go.mod is not a prepared copy
	return os.Rename(tmp, dir)
}

// Download downloads modver ("path@version") into the module cache through the module
// proxy (go mod download) and returns its directory there.
func Download(modver string) (string, error) {
	var buf bytes.Buffer
	cmd := exec.Command("go", "mod", "download", "-json", modver)
	cmd.Stdout = &buf
	cmd.Stderr = os.Stderr
	err := cmd.Run()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(buf.Bytes(), &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", modver, info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v", modver, err)
	}
	if info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory in %q", modver, buf.String())
	}
	return info.Dir, nil
}

func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %v: %v", name, args, err)
	}
	return nil
}
