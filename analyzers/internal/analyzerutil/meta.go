package analyzerutil

import (
	"fmt"
	"strings"
)

// Severity of a rule's findings, as editors and SARIF show it.
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// DocURL returns the documentation URL of a rule.
func DocURL(name string) string {
	return "https://github.com/reconcilelint/reconcilelint/blob/main/docs/rules/" + name + ".md"
}

// Must returns a, or panics with err; for default analyzer instances, whose
// configuration is valid by construction.
func Must[T any](a T, err error) T {
	if err != nil {
		panic(err)
	}
	return a
}

// AllowSet validates an `allow` option (names as findings show them, e.g.
// "wait.PollUntilContextTimeout" or "util.WaitForSocket") and returns it as a set. The
// error names the entry, allow[i], and quotes example names.
func AllowSet(names []string, examples string) (map[string]bool, error) {
	set := map[string]bool{}
	for i, a := range names {
		if strings.TrimSpace(a) == "" || strings.ContainsAny(a, " \t()") {
			return nil, fmt.Errorf("allow[%d]: %q is not a name like %s", i, a, examples)
		}
		set[a] = true
	}
	return set, nil
}
