package analyzerutil

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
