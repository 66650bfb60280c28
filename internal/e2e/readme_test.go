package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMESetUp runs the README's first set-up command, which installs the binary
// from the checkout and runs it on testdata/e2e/operator, with GOBIN set and with GOBIN
// empty (go install then writes to GOPATH/bin), and checks that it prints that
// module's expected findings and exits 1. It also checks that the README has exactly
// two set-up commands and that every install line names a form that works once a
// version is tagged.
func TestREADMESetUp(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs the binary")
	}
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	setup := text[strings.Index(text, "## Set up"):strings.Index(text, "## Using it")]
	blocks := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(setup, -1)
	if len(blocks) != 2 {
		t.Fatalf("%d set-up commands in the README, want 2 (install and run, test)", len(blocks))
	}
	if got := strings.TrimSpace(blocks[1][1]); got != "make test" {
		t.Errorf("second set-up command is %q, want make test", got)
	}
	first := strings.TrimSpace(blocks[0][1])
	want, err := os.ReadFile(filepath.Join(root, "testdata", "e2e", "operator", "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	modcache := strings.TrimSpace(goCmd(t, root, nil, "env", "GOMODCACHE"))
	for _, gobin := range []bool{true, false} {
		tmp := t.TempDir()
		env := []string{"GOMODCACHE=" + modcache, "GOFLAGS=-mod=mod"}
		if gobin {
			env = append(env, "GOBIN="+filepath.Join(tmp, "gobin"), "GOPATH="+filepath.Join(tmp, "unused"))
		} else {
			env = append(env, "GOBIN=", "GOPATH="+tmp)
		}
		cmd := exec.Command("sh", "-c", first)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 1 || out.String() != string(want) {
			t.Errorf("GOBIN set %v: %v\n%s\nstderr:\n%s", gobin, err, out.String(), errb.String())
		}
		bin := filepath.Join(tmp, "bin", "reconcilelint")
		if gobin {
			bin = filepath.Join(tmp, "gobin", "reconcilelint")
		}
		if _, err := os.Stat(bin); err != nil {
			t.Errorf("GOBIN set %v: the binary is not at %s", gobin, bin)
		}
	}

	// Install lines anywhere in the README and docs: from the checkout, or at a tagged
	// version of the module's cmd/reconcilelint (never @latest of a path that does not
	// exist, never a hard-coded GOPATH/bin).
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	installRE := regexp.MustCompile(`go (install|get -tool) (\S+)`)
	for _, f := range append(docs, filepath.Join(root, "README.md")) {
		data, _ := os.ReadFile(f)
		for _, m := range installRE.FindAllStringSubmatch(string(data), -1) {
			target := strings.TrimRight(strings.Trim(m[2], "`\"'"), "`,.;:)")
			if !strings.Contains(target, "/") {
				continue // prose such as "what go get -tool changes"
			}
			if target == "./cmd/reconcilelint" {
				continue
			}
			path, version, _ := strings.Cut(target, "@")
			if path != "github.com/reconcilelint/reconcilelint/cmd/reconcilelint" || !regexp.MustCompile(`^(VERSION|latest|v\d+\.\d+\.\d+|\$\{?\w+\}?)$`).MatchString(version) {
				t.Errorf("%s: install line %q: want ./cmd/reconcilelint or github.com/reconcilelint/reconcilelint/cmd/reconcilelint@VERSION", filepath.Base(f), m[0])
			}
		}
		if strings.Contains(string(data), "GOPATH)/bin/reconcilelint") {
			t.Errorf("%s hard-codes GOPATH/bin", filepath.Base(f))
		}
	}
}
