package corpus_test

import (
	"slices"
	"strings"
	"testing"
)

// TestClassify checks how a run's output is judged, without running anything: what is
// ours fails the corpus test, a package that the go command does not build either is
// skipped, and findings are counted.
func TestClassify(t *testing.T) {
	builds := func(pkg string) (bool, string) {
		if pkg == "example.com/m/cgo" {
			return false, "cgo: C compiler not found"
		}
		return true, ""
	}
	findings := `{"example.com/m/a":{"sleep":[{"posn":"a.go:1:1","message":"x"},{"posn":"a.go:2:1","message":"y"}],"requeue":[{"posn":"a.go:3:1","message":"z"}]}}`
	for _, tc := range []struct {
		name           string
		stdout, stderr string
		code           int
		problems       []string // substrings, one per expected problem
		findings       int
		skipped        int
	}{
		{name: "clean", stdout: "{}", code: 0},
		{name: "findings", stdout: findings, code: 1, findings: 3},
		{name: "outside us", stdout: "{}", code: 3,
			stderr: "reconcilelint: package example.com/m/cgo does not type-check: could not import C\n", skipped: 1},
		{name: "an import outside us, with the hint and the summary", stdout: "{}", code: 3,
			stderr: "reconcilelint: the go.sum of example.com/m is incomplete (missing go.sum entry), so ...: run `go mod tidy`\n" +
				"reconcilelint: package example.com/m/cgo is not analysed: its import C did not load: x\n" +
				"reconcilelint: 0 packages analysed, 1 not analysed, 0 findings, 1.0s\n", skipped: 1},
		{name: "load is ours", stdout: "{}", code: 3,
			stderr:   "reconcilelint: package example.com/m/a does not type-check: undefined: x\n",
			problems: []string{"which go build builds"}},
		{name: "analyzer error", stdout: `{"example.com/m/a":{"nocancel":{"error":"boom"}}}`, code: 3,
			stderr:   "reconcilelint: nocancel on example.com/m/a: boom\n",
			problems: []string{"analyzer nocancel failed on example.com/m/a: boom", "analyzer nocancel failed on example.com/m/a: boom"}},
		{name: "recovered panic", stdout: `{}`, code: 3,
			stderr:   "reconcilelint: reconcilers on example.com/m/a: internal error: reconcilers panicked on example.com/m/a: nil map\ngoroutine 7 [running]:\n",
			problems: []string{"panic or internal error", "analyzer reconcilers failed"}},
		{name: "error of a pass on a dependency, only in JSON", stdout: `{"example.com/dep":{"reconcilers":{"error":"x"}}}`, code: 0,
			problems: []string{"analyzer reconcilers failed on example.com/dep"}},
		{name: "crash", stdout: "", code: 2, stderr: "panic: runtime error: index out of range\n",
			problems: []string{"exit 2"}},
		{name: "exit 3 without reason", stdout: "{}", code: 3, problems: []string{"without a reason"}},
		{name: "unknown driver line", stdout: "{}", code: 0, stderr: "reconcilelint: something new\n",
			problems: []string{"unexpected line"}},
		{name: "not JSON", stdout: "a.go:1:1: sleep: x\n", code: 1, problems: []string{"not the JSON tree"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &result{byRule: map[string]int{}}
			got := r.add("./...", []byte(tc.stdout), []byte(tc.stderr), tc.code, builds)
			if len(got) != len(tc.problems) {
				t.Fatalf("problems %q, want %d matching %q", got, len(tc.problems), tc.problems)
			}
			for _, want := range tc.problems {
				if !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, want) }) {
					t.Errorf("no problem contains %q in %q", want, got)
				}
			}
			if r.findings != tc.findings || len(r.skipped) != tc.skipped {
				t.Errorf("findings %d, skipped %q; want %d, %d", r.findings, r.skipped, tc.findings, tc.skipped)
			}
		})
	}
}
