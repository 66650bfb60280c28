package analyzerutil

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// ExtractDoc returns the documentation of analyzer name from the package comment of
// the Go source content (a doc.go file). The comment must contain a heading
// "# Analyzer name", followed by a line "name: title", then the rest of the text. The
// result is "title\n\nrest", the form analysis.Analyzer.Doc expects.
func ExtractDoc(content, name string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing doc.go: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	return extract(f.Doc, name)
}

func extract(cg *ast.CommentGroup, name string) (string, error) {
	text := "\n" + cg.Text()
	heading := "# Analyzer " + name
	_, after, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok {
		return "", fmt.Errorf("package comment has no %q heading", heading)
	}
	after = strings.TrimLeft(after, "\n")
	first, rest, _ := strings.Cut(after, "\n")
	prefix := name + ": "
	if !strings.HasPrefix(first, prefix) {
		return "", fmt.Errorf("the line after %q must start with %q", heading, prefix)
	}
	title := strings.TrimPrefix(first, prefix)
	if title == "" || len(title) > 60 || strings.HasSuffix(title, ".") || strings.ToLower(title[:1]) != title[:1] {
		return "", fmt.Errorf("title %q must be lowercase, at most 60 characters, without a final period", title)
	}
	// The text ends at the next analyzer heading, if any.
	if i := strings.Index(rest, "\n# Analyzer "); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return "", fmt.Errorf("no text after the line %q", first)
	}
	return title + "\n\n" + rest, nil
}

// MustExtractDoc is ExtractDoc that panics on error; use it in package initialisation,
// where a malformed doc.go is a programming error caught by every test.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(fmt.Sprintf("analyzer %s: %v", name, err))
	}
	return doc
}
