package directives_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/passes/directives"
)

const src = `package p

func f() int {
	x := 1 //reconcilelint:ignore sleep trailing, applies to this line only
	x++
	//reconcilelint:ignore sleep,requeue	alone on its line
	x++
	if x > 0 { /* c */ //reconcilelint:ignore	requeue after a comment and a brace
		x++
	}
//line other.go:100
	x++ //reconcilelint:ignore sleep behind a line directive
	return x
}
`

// run runs the pass the way a driver without Pass.ReadFile does (as some drivers do),
// so the pass must work from the syntax tree alone.
func run(t *testing.T) (*directives.Result, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{
		Analyzer:  directives.Analyzer,
		Fset:      fset,
		Files:     []*ast.File{f},
		Pkg:       pkg,
		TypesInfo: info,
		ResultOf:  map[*analysis.Analyzer]any{},
		Report:    func(d analysis.Diagnostic) { t.Errorf("the pass reported %q", d.Message) },
	}
	res, err := directives.Analyzer.Run(pass)
	if err != nil {
		t.Fatal(err)
	}
	return res.(*directives.Result), fset
}

func TestIgnores(t *testing.T) {
	res, _ := run(t)
	type ig struct {
		line   int
		rules  string
		reason string
		own    bool
	}
	want := []ig{
		{4, "sleep", "trailing, applies to this line only", false},
		{6, "sleep,requeue", "alone on its line", true},
		{8, "requeue", "after a comment and a brace", false},
		{12, "sleep", "behind a line directive", false},
	}
	var got []ig
	for _, i := range res.Ignores() {
		got = append(got, ig{i.Line, strings.Join(i.Rules, ","), i.Reason, i.Own})
	}
	if len(got) != len(want) {
		t.Fatalf("got %d ignores %+v, want %+v", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ignore %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if m := res.Malformed(); len(m) != 0 {
		t.Errorf("malformed: %+v", m)
	}
}

func TestSuppressing(t *testing.T) {
	res, fset := run(t)
	tf := fset.File(res.Ignores()[0].Pos)
	at := func(line int) token.Pos { return tf.LineStart(line) + 1 }
	for _, c := range []struct {
		rule string
		line int
		igAt int // line of the suppressing directive, 0 for none
	}{
		{"sleep", 4, 4},
		{"requeue", 4, 0}, // another rule
		{"sleep", 5, 0},   // a trailing directive does not reach the next line
		{"sleep", 6, 6},
		{"sleep", 7, 6},
		{"requeue", 7, 6},
		{"requeue", 8, 8},
		{"requeue", 9, 0}, // the directive on line 8 follows code
		{"sleep", 12, 12}, // lines are counted in the file, not after //line
		{"sleep", 13, 0},
	} {
		got := res.Suppressing(fset, c.rule, at(c.line))
		gotLine := 0
		if got != nil {
			gotLine = got.Line
		}
		if gotLine != c.igAt {
			t.Errorf("%s at line %d: suppressed by the directive on line %d, want %d", c.rule, c.line, gotLine, c.igAt)
		}
	}
}
