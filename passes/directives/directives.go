// Package directives parses reconcilelint's comment directives and marks generated files.
//
// Two directives exist:
//
//	//reconcilelint:ignore rule[,rule] reason   suppress the named rules on this line or the next
//	//reconcilelint:blocking                    (in a function's doc comment) the function blocks
//
// The pass reports nothing: the directive analyzer reports malformed and unused directives,
// and every rule reports through analyzerutil.Reporter, which consults this pass.
package directives

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Prefix starts every directive.
const Prefix = "//reconcilelint:"

// Analyzer parses the directives of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "directives",
	Doc:        "parse //reconcilelint: directives and find generated files",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/directives",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// cutSpace splits s at its first run of white space, trimming both parts.
func cutSpace(s string) (before, after string) {
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// Ignore is one //reconcilelint:ignore directive.
type Ignore struct {
	Pos    token.Pos // position of the comment
	End    token.Pos
	File   string // name of the file, as token.File.Name reports it
	Line   int    // line of the comment, ignoring //line directives
	Rules  []string
	Reason string
	// Own is true when the comment stands alone on its line: it then applies to the
	// next line as well as its own.
	Own bool
}

// Malformed is a directive that could not be parsed.
type Malformed struct {
	Pos, End token.Pos
	Message  string
}

// Result holds the directives of one package.
type Result struct {
	ignores   []*Ignore
	byLine    map[fileLine][]*Ignore
	malformed []Malformed
	generated map[string]bool
	blocking  map[*types.Func]token.Pos
}

type fileLine struct {
	file string
	line int
}

// Ignores returns the ignore directives in source order.
func (r *Result) Ignores() []*Ignore { return r.ignores }

// Malformed returns the directives that could not be parsed, in source order.
func (r *Result) Malformed() []Malformed { return r.malformed }

// Generated reports whether the named file is generated code.
func (r *Result) Generated(filename string) bool { return r.generated[filename] }

// Blocking reports whether fn carries //reconcilelint:blocking.
func (r *Result) Blocking(fn *types.Func) bool {
	_, ok := r.blocking[fn]
	return ok
}

// BlockingFuncs returns the functions annotated //reconcilelint:blocking.
func (r *Result) BlockingFuncs() map[*types.Func]token.Pos { return r.blocking }

// Suppressing returns the ignore directive that suppresses rule at position p, if any.
func (r *Result) Suppressing(fset *token.FileSet, rule string, p token.Pos) *Ignore {
	// Unadjusted positions: a //line directive must not move a suppression.
	pos := fset.PositionFor(p, false)
	for _, line := range []int{pos.Line, pos.Line - 1} {
		for _, ig := range r.byLine[fileLine{pos.Filename, line}] {
			if line != ig.Line || (line == pos.Line-1 && !ig.Own) {
				continue
			}
			for _, name := range ig.Rules {
				if name == rule {
					return ig
				}
			}
		}
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{
		byLine:    map[fileLine][]*Ignore{},
		generated: map[string]bool{},
		blocking:  map[*types.Func]token.Pos{},
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		name := tf.Name()
		if ast.IsGenerated(f) {
			res.generated[name] = true
		}
		var starts map[int]token.Pos // computed on the first ignore directive
		blockingDoc := map[*ast.Comment]*types.Func{}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				for _, c := range fd.Doc.List {
					blockingDoc[c] = fn
				}
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, Prefix) {
					continue
				}
				body := strings.TrimPrefix(c.Text, Prefix)
				verb, rest := cutSpace(body)
				switch verb {
				case "ignore":
					rules, reason := cutSpace(rest)
					if rules == "" {
						res.malformed = append(res.malformed, Malformed{c.Pos(), c.End(), "reconcilelint:ignore needs a rule list and a reason: //reconcilelint:ignore rule[,rule] reason"})
						continue
					}
					if reason == "" {
						res.malformed = append(res.malformed, Malformed{c.Pos(), c.End(), "reconcilelint:ignore " + rules + " needs a reason after the rule list"})
						continue
					}
					if starts == nil {
						starts = lineStarts(tf, f)
					}
					ig := &Ignore{
						Pos:    c.Pos(),
						End:    c.End(),
						File:   name,
						Line:   tf.PositionFor(c.Pos(), false).Line,
						Reason: reason,
						Own:    ownLine(tf, starts, c),
					}
					for _, r := range strings.Split(rules, ",") {
						if r = strings.TrimSpace(r); r != "" {
							ig.Rules = append(ig.Rules, r)
						}
					}
					res.ignores = append(res.ignores, ig)
					k := fileLine{ig.File, ig.Line}
					res.byLine[k] = append(res.byLine[k], ig)
				case "blocking":
					fn, ok := blockingDoc[c]
					if !ok {
						res.malformed = append(res.malformed, Malformed{c.Pos(), c.End(), "reconcilelint:blocking belongs in the doc comment of a function declaration"})
						continue
					}
					res.blocking[fn] = c.Pos()
				default:
					res.malformed = append(res.malformed, Malformed{c.Pos(), c.End(), "unknown directive reconcilelint:" + verb + " (known: ignore, blocking)"})
				}
			}
		}
	}
	sort.Slice(res.malformed, func(i, j int) bool { return res.malformed[i].Pos < res.malformed[j].Pos })
	return res, nil
}

// lineStarts maps each line of f to the position of its first token, computed from
// the syntax tree alone (every token starts or ends some node), so that it needs no
// access to the file's source.
func lineStarts(tf *token.File, f *ast.File) map[int]token.Pos {
	first := map[int]token.Pos{}
	note := func(p token.Pos) {
		if !p.IsValid() || tf.Base() > int(p) || int(p) > tf.Base()+tf.Size() {
			return
		}
		l := tf.PositionFor(p, false).Line
		if q, ok := first[l]; !ok || p < q {
			first[l] = p
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.File, *ast.Comment, *ast.CommentGroup:
			return n != nil
		}
		note(n.Pos())
		if n.End() > n.Pos() {
			note(n.End() - 1)
		}
		return true
	})
	note(f.Package)
	return first
}

// ownLine reports whether comment c is the first token on its line.
func ownLine(tf *token.File, starts map[int]token.Pos, c *ast.Comment) bool {
	p, ok := starts[tf.PositionFor(c.Pos(), false).Line]
	return !ok || p > c.Pos()
}
