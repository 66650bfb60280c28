package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/sarif"
	"github.com/reconcilelint/reconcilelint/internal/testbin"
)

type actionFile struct {
	Inputs map[string]struct {
		Default *string `json:"default"`
	} `json:"inputs"`
	Runs struct {
		Using string `json:"using"`
		Steps []struct {
			ID              string            `json:"id"`
			If              string            `json:"if"`
			ContinueOnError bool              `json:"continue-on-error"`
			Uses            string            `json:"uses"`
			Run             string            `json:"run"`
			Env             map[string]string `json:"env"`
			With            map[string]string `json:"with"`
		} `json:"steps"`
	} `json:"runs"`
}

// TestActionFile checks action.yml: the inputs, the pinned install, and the order of
// its steps (analysis once, SARIF upload even with findings, then the verdict).
func TestActionFile(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yamlJSON(data, &a, true); err != nil {
		// Strict on the parts this test reads; other keys (name, branding) are fine.
		if err := yamlJSON(data, &a, false); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range []string{"version", "working-directory", "args", "fail-on-findings", "upload-sarif"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("action.yml has no input %s", in)
		}
	}
	if v := a.Inputs["version"].Default; v == nil || !regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(*v) {
		t.Errorf("the version input must default to a pinned tag, got %v", v)
	}
	if a.Runs.Using != "composite" || len(a.Runs.Steps) != 4 {
		t.Fatalf("want a composite action of 4 steps: %+v", a.Runs)
	}
	install, analyse, upload, verdict := a.Runs.Steps[0], a.Runs.Steps[1], a.Runs.Steps[2], a.Runs.Steps[3]
	if !strings.Contains(install.Run, `go install "github.com/reconcilelint/reconcilelint/cmd/reconcilelint@${VERSION}"`) || install.Env["VERSION"] != "${{ inputs.version }}" {
		t.Errorf("install step: %+v", install)
	}
	if analyse.ID != "analyse" || !strings.Contains(analyse.Run, "action/run.sh\" analyse") {
		t.Errorf("analysis step: %+v", analyse)
	}
	// The upload may fail (a fork's pull request cannot write security events): it
	// must not fail the job, and the verdict runs whatever happened to it.
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || !strings.Contains(upload.If, "always()") ||
		!strings.Contains(upload.If, "inputs.upload-sarif == 'true'") || !upload.ContinueOnError {
		t.Errorf("upload step: %+v", upload)
	}
	if !strings.Contains(verdict.Run, "action/run.sh\" verdict \"${{ steps.analyse.outputs.result }}\"") ||
		verdict.Env["RECONCILELINT_FAIL_ON_FINDINGS"] != "${{ inputs.fail-on-findings }}" || !strings.Contains(verdict.If, "always()") {
		t.Errorf("verdict step: %+v", verdict)
	}
	// Only one step runs reconcilelint.
	n := 0
	for _, s := range a.Runs.Steps {
		n += strings.Count(s.Run, "run.sh\" analyse")
	}
	if n != 1 {
		t.Errorf("the analysis runs %d times", n)
	}
}

// TestActionScript runs the action's steps (action/run.sh) with fake binaries that exit
// 0, 1, 2 and 3, and checks that the analysis step never fails the job, records the
// code and the SARIF file, and that the verdict fails on 1 only with fail-on-findings
// and always on 2 and 3.
func TestActionScript(t *testing.T) {
	t.Parallel()
	script := filepath.Join(repoRoot(t), "action", "run.sh")
	for code := 0; code <= 3; code++ {
		for _, failOn := range []string{"true", "false"} {
			t.Run(fmt.Sprintf("exit%d-fail%s", code, failOn), func(t *testing.T) {
				dir := t.TempDir()
				fake := filepath.Join(dir, "fake-reconcilelint")
				// Writes the SARIF file unless it fails before the analysis, as the binary does.
				body := fmt.Sprintf("#!/bin/sh\necho \"$@\" > %s/args\nfor a in \"$@\"; do case $a in -sarif-output=*) f=${a#-sarif-output=};; esac; done\n", dir)
				if code < 2 {
					body += "echo '{}' > \"$f\"\n"
				}
				body += fmt.Sprintf("exit %d\n", code)
				os.WriteFile(fake, []byte(body), 0o755)
				out := filepath.Join(dir, "github-output")
				env := []string{"RECONCILELINT=" + fake, "RECONCILELINT_ARGS=-disable=directive ./controllers/...", "GITHUB_OUTPUT=" + out,
					"RECONCILELINT_SARIF=x.sarif", "RECONCILELINT_FAIL_ON_FINDINGS=" + failOn}
				_, stderr, got := runEnv(t, dir, env, "sh", script, "analyse")
				if got != 0 {
					t.Fatalf("analyse exited %d (must not stop the job before the upload): %s", got, stderr)
				}
				args, _ := os.ReadFile(filepath.Join(dir, "args"))
				if want := "-format=github -sarif-output=x.sarif -disable=directive ./controllers/...\n"; string(args) != want {
					t.Errorf("binary ran with %q, want %q", args, want)
				}
				outputs, _ := os.ReadFile(out)
				if !strings.Contains(string(outputs), fmt.Sprintf("exit-code=%d\n", code)) {
					t.Errorf("outputs %q lack exit-code=%d", outputs, code)
				}
				if hasSarif := strings.Contains(string(outputs), "sarif=x.sarif\n"); hasSarif != (code < 2) {
					t.Errorf("outputs %q: sarif recorded %v, want %v", outputs, hasSarif, code < 2)
				}
				if !strings.Contains(string(outputs), fmt.Sprintf("result=%d\n", code)) {
					t.Errorf("outputs %q lack result=%d", outputs, code)
				}
				_, _, got = runEnv(t, dir, env, "sh", script, "verdict", fmt.Sprint(code))
				wantFail := code >= 2 || code == 1 && failOn == "true"
				if (got != 0) != wantFail {
					t.Errorf("verdict on exit %d with fail-on-findings=%s: exit %d, want failure %v", code, failOn, got, wantFail)
				}
			})
		}
	}
	// A Go runtime crash exits 2 too: it is told apart from a usage error.
	for _, crash := range []string{"panic: runtime error: index out of range", "fatal error: stack overflow", ""} {
		dir := t.TempDir()
		fake := filepath.Join(dir, "fake-reconcilelint")
		os.WriteFile(fake, []byte(fmt.Sprintf("#!/bin/sh\necho 'reconcilelint: unknown rule' >&2\necho '%s' >&2\nexit 2\n", crash)), 0o755)
		out := filepath.Join(dir, "github-output")
		env := []string{"RECONCILELINT=" + fake, "GITHUB_OUTPUT=" + out}
		if _, stderr, got := runEnv(t, dir, env, "sh", script, "analyse"); got != 0 || !strings.Contains(stderr, "reconcilelint: unknown rule") {
			t.Fatalf("analyse: exit %d, the tool's standard error not passed on: %s", got, stderr)
		}
		outputs, _ := os.ReadFile(out)
		want := "result=2\n"
		if crash != "" {
			want = "result=crash\n"
		}
		if !strings.Contains(string(outputs), want) || !strings.Contains(string(outputs), "exit-code=2\n") {
			t.Errorf("%q: outputs %q, want %q", crash, outputs, want)
		}
		_, stderr, got := runEnv(t, dir, nil, "sh", script, "verdict", strings.TrimSuffix(strings.TrimPrefix(want, "result="), "\n"))
		if got == 0 || (crash != "") != strings.Contains(stderr, "crashed") || (crash == "") != strings.Contains(stderr, "usage or configuration error") {
			t.Errorf("verdict for %q: exit %d: %s", crash, got, stderr)
		}
	}
	// No code at all (the analysis step did not run) and a bad input fail.
	if _, _, got := runEnv(t, t.TempDir(), nil, "sh", script, "verdict", ""); got == 0 {
		t.Errorf("verdict without a code passes")
	}
	if _, _, got := runEnv(t, t.TempDir(), []string{"RECONCILELINT_FAIL_ON_FINDINGS=yes"}, "sh", script, "verdict", "1"); got == 0 {
		t.Errorf("fail-on-findings=yes passes")
	}
}

// TestActionScriptRealBinary: the analysis step with the real binary on an operator in
// a subdirectory of the checkout, as GitHub lays it out for working-directory:
// operator: $GITHUB_WORKSPACE/operator is the module, the step runs there. Annotations
// and SARIF from the one run name the files from the repository root, where GitHub
// looks for them.
func TestActionScriptRealBinary(t *testing.T) {
	t.Parallel()
	workspace := t.TempDir()
	dir := filepath.Join(workspace, "operator")
	if err := testbin.CopyTree(filepath.Join(repoRoot(t), "testdata", "e2e", "operator"), dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "github-output")
	stdout, stderr, code := runEnv(t, dir, []string{"RECONCILELINT=" + binary, "GITHUB_OUTPUT=" + out, "GITHUB_WORKSPACE=" + workspace},
		"sh", filepath.Join(repoRoot(t), "action", "run.sh"), "analyse")
	if code != 0 {
		t.Fatalf("analyse: exit %d\n%s", code, stderr)
	}
	want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
	if n := strings.Count(stdout, "::warning file=operator/controllers/"); n != len(lines(string(want))) {
		t.Errorf("%d annotations of operator/controllers/, want %d:\n%s", n, len(lines(string(want))), stdout)
	}
	outputs, _ := os.ReadFile(out)
	if string(outputs) != "exit-code=1\nresult=1\nsarif=reconcilelint.sarif\n" {
		t.Errorf("outputs: %q", outputs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "reconcilelint.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sarif.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Validate(); err != nil || len(rep.Runs[0].Results) != len(lines(string(want))) {
		t.Fatalf("SARIF from the same run: %v", err)
	}
	run := rep.Runs[0]
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; base != "file://"+workspace+"/" {
		t.Errorf("%%SRCROOT%% is %q, want the workspace %s", base, workspace)
	}
	for _, r := range run.Results {
		loc := r.Locations[0].PhysicalLocation.ArtifactLocation
		if !strings.HasPrefix(loc.URI, "operator/controllers/") || loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("SARIF location %+v is not relative to the repository root", loc)
		}
		if _, err := os.Stat(filepath.Join(workspace, filepath.FromSlash(loc.URI))); err != nil {
			t.Errorf("SARIF location %s does not name a file of the checkout: %v", loc.URI, err)
		}
	}
}

// TestPreCommitHooks: .pre-commit-hooks.yaml declares the hook, and its entry with the
// file names pre-commit passes works.
func TestPreCommitHooks(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID            string   `json:"id"`
		Name          string   `json:"name"`
		Description   string   `json:"description"`
		Language      string   `json:"language"`
		Entry         string   `json:"entry"`
		Types         []string `json:"types"`
		Exclude       string   `json:"exclude"`
		PassFilenames *bool    `json:"pass_filenames"`
		RequireSerial bool     `json:"require_serial"`
	}
	if err := yamlJSON(data, &hooks, true); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 {
		t.Fatalf("%d hooks", len(hooks))
	}
	h := hooks[0]
	if h.ID != "reconcilelint" || h.Language != "golang" || h.Entry != "reconcilelint" || len(h.Types) != 1 || h.Types[0] != "go" ||
		h.PassFilenames == nil || !*h.PassFilenames {
		t.Errorf("hook: %+v", h)
	}
	// language: golang installs the repository's module and runs the entry's command:
	// it must be the name of a main package of this module.
	if _, err := os.Stat(filepath.Join(repoRoot(t), "cmd", h.Entry, "main.go")); err != nil {
		t.Errorf("entry %s is not a command of this module: %v", h.Entry, err)
	}
	// What pre-commit runs: the entry with the staged files (not the excluded tests).
	dir := filepath.Join(repoRoot(t), "testdata", "e2e", "operator")
	files := []string{"controllers/secret_controller.go", "internal/backoff/backoff.go"}
	if re := regexp.MustCompile(h.Exclude); !re.MatchString("controllers/x_test.go") || re.MatchString(files[0]) {
		t.Errorf("exclude %q", h.Exclude)
	}
	out, stderr, code := run(t, dir, "", files...)
	if code != 1 || len(lines(out)) != 1 || !strings.HasPrefix(out, "controllers/secret_controller.go:") {
		t.Errorf("entry with the staged files: exit %d\n%s%s", code, out, stderr)
	}
}

// TestPreCommitLayouts: what pre-commit passes in the layouts real repositories have.
// The hook runs at the repository root with the staged files: here two modules in
// subdirectories (op, the e2e operator, and tiny, a module without dependencies), a
// kubebuilder tools/tools.go behind //go:build tools, and a testdata file that does
// not compile. Each file's package is analysed in the module the file belongs to;
// files go build skips are skipped, and said so; only the staged files' findings are
// reported.
func TestPreCommitLayouts(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	op := filepath.Join(repo, "op")
	if err := testbin.CopyTree(filepath.Join(repoRoot(t), "testdata", "e2e", "operator"), op); err != nil {
		t.Fatal(err)
	}
	write := func(rel, content string) {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("op/tools/tools.go", "//go:build tools\n\n// Package tools pins the code generators.\npackage tools\n\nimport _ \"sigs.k8s.io/controller-tools/cmd/controller-gen\"\n")
	write("op/testdata/broken.go", "package broken\n\nfunc F( {\n")
	write("tiny/go.mod", "module example.com/tiny\n\ngo 1.26\n")
	write("tiny/tiny.go", "package tiny\n\nimport \"time\"\n\n// Wait sleeps; it is not a reconciler.\nfunc Wait() { time.Sleep(time.Second) }\n")
	staged := []string{"op/controllers/secret_controller.go", "op/tools/tools.go", "op/testdata/broken.go", "tiny/tiny.go"}
	out, stderr, code := run(t, repo, "", staged...)
	want, _ := os.ReadFile(filepath.Join(op, "expected.txt"))
	var exp []string
	for _, l := range lines(string(want)) {
		if strings.HasPrefix(l, "controllers/secret_controller.go:") {
			exp = append(exp, "op/"+l)
		}
	}
	if code != 1 || strings.Join(lines(out), "\n") != strings.Join(exp, "\n") || len(exp) == 0 {
		t.Errorf("staged files of two modules: exit %d\n--- got\n%s--- want\n%s\n--- stderr\n%s", code, out, strings.Join(exp, "\n"), stderr)
	}
	for _, w := range []string{"op/tools/tools.go (excluded by its build constraints)", "op/testdata/broken.go (under testdata)", "reconcilelint: 2 packages, 1 finding"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("standard error lacks %q:\n%s", w, stderr)
		}
	}
	// Only files go build skips: nothing to analyse, nothing wrong.
	if out, stderr, code := run(t, repo, "", "op/tools/tools.go", "op/testdata/broken.go"); code != 0 || out != "" {
		t.Errorf("only skipped files: exit %d\n%s%s", code, out, stderr)
	}
}
