package analyzerutil_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
)

// docGo returns a doc.go whose package comment is the given lines.
func docGo(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		if l == "" {
			b.WriteString("//\n")
		} else {
			b.WriteString("// " + l + "\n")
		}
	}
	b.WriteString("package x\n")
	return b.String()
}

func TestExtractDoc(t *testing.T) {
	src := docGo(
		"Package x defines an Analyzer.",
		"",
		"# Analyzer x",
		"",
		"x: report the things x reports",
		"",
		"The full text.",
		"",
		"Bad:",
		"",
		"\tbad()",
		"",
		"# Analyzer y",
		"",
		"y: another analyzer",
		"",
		"Text of y.",
	)
	got, err := analyzerutil.ExtractDoc(src, "x")
	if err != nil {
		t.Fatal(err)
	}
	if want := "report the things x reports\n\nThe full text.\n\nBad:\n\n\tbad()"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got, err = analyzerutil.ExtractDoc(src, "y")
	if err != nil {
		t.Fatal(err)
	}
	if want := "another analyzer\n\nText of y."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestExtractDocErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, err string
	}{
		{"no package comment", "package x\n", "no package comment"},
		{"missing heading", docGo("Package x does things.", "", "x: a title", "", "Text."), `no "# Analyzer x" heading`},
		{"heading of another analyzer", docGo("# Analyzer xy", "", "x: a title", "", "Text."), `no "# Analyzer x" heading`},
		{"heading inside a line", docGo("See # Analyzer x", "x: a title", "", "Text."), `no "# Analyzer x" heading`},
		{"no title line", docGo("# Analyzer x", "", "A title without the name.", "", "Text."), `must start with "x: "`},
		{"empty title", docGo("# Analyzer x", "", "x: ", "", "Text."), `must start with "x: "`},
		{"uppercase title", docGo("# Analyzer x", "", "x: Report things", "", "Text."), "must be lowercase"},
		{"trailing period", docGo("# Analyzer x", "", "x: report things.", "", "Text."), "without a final period"},
		{"too long", docGo("# Analyzer x", "", "x: "+strings.Repeat("a", 61), "", "Text."), "at most 60 characters"},
		{"no text", docGo("# Analyzer x", "", "x: report things"), "no text after"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := analyzerutil.ExtractDoc(c.src, "x")
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.err) {
				t.Errorf("error %q does not contain %q", err, c.err)
			}
		})
	}
	// Exactly 60 characters is allowed.
	if _, err := analyzerutil.ExtractDoc(docGo("# Analyzer x", "", "x: "+strings.Repeat("a", 60), "", "Text."), "x"); err != nil {
		t.Errorf("60-character title: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustExtractDoc did not panic on a bad doc")
		}
	}()
	analyzerutil.MustExtractDoc("package x\n", "x")
}
