// Package subresource finds the API types whose kubebuilder markers leave the status
// subresource off.
//
// kubebuilder-generated API types state in markers, comment lines starting with
// "+kubebuilder:", how controller-gen builds their CRD; the status subresource is
// enabled only by "+kubebuilder:subresource:status". The pass reads the markers of each
// named type declared in a package with syntax: the lines of its doc comment and of the
// comment group directly above the doc comment (at most one blank line between them),
// which controller-gen also reads as the type's markers. A type that has some
// kubebuilder marker but not the status subresource marker gets a NoStatusSubresource
// fact. A type without any kubebuilder marker, and every type of a package loaded from
// export data, gets none: nothing is known about its CRD.
package subresource

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Analyzer exports NoStatusSubresource facts.
var Analyzer = &analysis.Analyzer{
	Name:       "subresource",
	Doc:        "find API types whose kubebuilder markers do not enable the status subresource",
	URL:        "https://github.com/reconcilelint/reconcilelint/tree/main/passes/subresource",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(NoStatusSubresource), new(Scope)},
}

// Scope marks a root API type (+kubebuilder:object:root=true, or a
// +kubebuilder:resource marker) with the scope of its CRD: cluster-scoped when a
// +kubebuilder:resource marker says scope=Cluster, namespaced otherwise (controller-gen's
// default).
type Scope struct {
	Cluster bool
}

// AFact implements analysis.Fact.
func (*Scope) AFact() {}

func (f *Scope) String() string {
	if f.Cluster {
		return "scope Cluster"
	}
	return "scope Namespaced"
}

// NoStatusSubresource marks a type name whose kubebuilder markers do not include
// +kubebuilder:subresource:status.
type NoStatusSubresource struct {
	// Marker is one kubebuilder marker of the type, for the fact's string.
	Marker string
}

// AFact implements analysis.Fact.
func (*NoStatusSubresource) AFact() {}

func (f *NoStatusSubresource) String() string {
	return "no status subresource (" + f.Marker + ")"
}

// Result holds the types with the fact, of this package and its dependencies.
type Result struct {
	types map[*types.TypeName]bool
	scope map[*types.TypeName]bool // root types: true when cluster-scoped
}

// Scope reports the CRD scope of the named type t (or of *t) from its markers: cluster
// is true for scope=Cluster; known is false when the type has no root or resource marker.
func (r *Result) Scope(t types.Type) (cluster, known bool) {
	if r == nil || t == nil {
		return false, false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false, false
	}
	cluster, known = r.scope[n.Origin().Obj()]
	return cluster, known
}

// NoStatusSubresource reports whether the named type t (or the type that *t points to)
// is known to have no status subresource.
func (r *Result) NoStatusSubresource(t types.Type) bool {
	if r == nil || t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && r.types[n.Origin().Obj()]
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{types: map[*types.TypeName]bool{}, scope: map[*types.TypeName]bool{}}
	for _, f := range pass.Files {
		prevEnd := f.Name.End()
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			after := prevEnd
			prevEnd = d.End()
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				var at token.Pos = gd.Pos()
				if doc != nil {
					at = doc.Pos()
				}
				groups := []*ast.CommentGroup{groupAbove(pass.Fset, f, after, at), doc} // in source order
				m := markers(groups)
				tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if !ok || m.first == "" {
					continue
				}
				if m.root || m.resource {
					pass.ExportObjectFact(tn, &Scope{Cluster: m.cluster})
				}
				if !m.status {
					pass.ExportObjectFact(tn, &NoStatusSubresource{Marker: m.first})
				}
			}
		}
	}
	for _, of := range pass.AllObjectFacts() {
		tn, ok := of.Object.(*types.TypeName)
		if !ok {
			continue
		}
		switch f := of.Fact.(type) {
		case *NoStatusSubresource:
			res.types[tn] = true
		case *Scope:
			res.scope[tn] = f.Cluster
		}
	}
	return res, nil
}

// groupAbove returns the comment group of f that starts after the position after (the
// end of the previous declaration) and ends one blank line above the line of pos, or nil.
func groupAbove(fset *token.FileSet, f *ast.File, after, pos token.Pos) *ast.CommentGroup {
	line := fset.Position(pos).Line
	for _, g := range f.Comments {
		if g.End() >= pos {
			break
		}
		if g.Pos() <= after {
			continue
		}
		if end := fset.Position(g.End()).Line; end == line-2 {
			return g
		}
	}
	return nil
}

// markerSet is what the kubebuilder markers of a type say.
type markerSet struct {
	first    string // the first kubebuilder marker, "" when there is none
	status   bool   // +kubebuilder:subresource:status
	root     bool   // +kubebuilder:object:root=true
	resource bool   // a +kubebuilder:resource marker
	cluster  bool   // +kubebuilder:resource with scope=Cluster
}

// markers reads the kubebuilder markers of the groups.
func markers(groups []*ast.CommentGroup) (m markerSet) {
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			text := c.Text
			if strings.HasPrefix(text, "//") {
				text = text[2:]
			} else {
				text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
			}
			for line := range strings.Lines(text) {
				line = strings.TrimSpace(line)
				if !strings.HasPrefix(line, "+kubebuilder:") {
					continue
				}
				if m.first == "" {
					m.first = line
				}
				if line == "+kubebuilder:subresource:status" || strings.HasPrefix(line, "+kubebuilder:subresource:status ") {
					m.status = true
				}
				if line == "+kubebuilder:object:root=true" || line == "+kubebuilder:object:root" {
					m.root = true
				}
				if strings.HasPrefix(line, "+kubebuilder:resource:") {
					m.resource = true
					for _, arg := range strings.Split(strings.TrimPrefix(line, "+kubebuilder:resource:"), ",") {
						if strings.TrimSpace(arg) == "scope=Cluster" {
							m.cluster = true
						}
					}
				}
			}
		}
	}
	return m
}
