package driver

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/sarif"
)

// Formats of the findings.
var formats = []string{"text", "json", "sarif", "github"}

// writeFindings writes the findings in format to w; failures are the analyzers' errors,
// which the json format lists with the findings (as the go/analysis drivers do). Text and
// JSON name files relative to the working directory wd; the github and sarif formats,
// which GitHub reads from the repository's root whatever directory the tool ran in,
// relative to the repository root (repoRoot).
func writeFindings(w io.Writer, format, wd string, findings []Finding, failures []packageFailure) error {
	switch format {
	case "text":
		for _, f := range findings {
			if _, err := fmt.Fprintf(w, "%s: %s: %s\n", relPos(wd, f.Posn), f.Rule, f.Message); err != nil {
				return err
			}
		}
		return nil
	case "json":
		return writeJSON(w, findings, failures)
	case "github":
		root := repoRoot(wd)
		for _, f := range findings {
			level := "warning"
			if r, ok := analyzers.Lookup(f.Rule); ok {
				switch r.Severity {
				case "error":
					level = "error"
				case "info":
					level = "notice"
				}
			}
			if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n", level,
				ghProperty(relPath(root, f.Posn.Filename)), f.Posn.Line, f.Posn.Column, f.End.Line, f.End.Column,
				ghProperty("reconcilelint "+f.Rule), ghData(f.Message+" ("+f.URL+")")); err != nil {
				return err
			}
		}
		return nil
	case "sarif":
		data, err := json.MarshalIndent(sarifLog(repoRoot(wd), findings), "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(data, '\n'))
		return err
	}
	return fmt.Errorf("unknown format %q (known: %s)", format, strings.Join(formats, ", "))
}

// repoRoot is the directory that the paths of the github and sarif formats are
// relative to: $GITHUB_WORKSPACE (the checkout in a GitHub workflow) when wd is inside
// it, else the nearest directory at or above wd with a .git, else wd. A workflow that
// runs reconcilelint in a subdirectory (the action's working-directory) then annotates
// the right files.
func repoRoot(wd string) string {
	if ws := os.Getenv("GITHUB_WORKSPACE"); ws != "" {
		if abs, err := filepath.Abs(ws); err == nil {
			if r, err := filepath.Rel(abs, wd); err == nil && !strings.HasPrefix(r, "..") {
				return abs
			}
		}
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd
		}
		dir = parent
	}
}

// ghData escapes the message of a GitHub workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a GitHub workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// sarifLog builds a SARIF 2.1.0 log: one run, the rules of the registry that have
// findings (id, short description, help URI, default level) and one result per finding
// with its location and fixes. Paths are relative to root, the %SRCROOT% base, which
// originalUriBaseIds declares as root's file URI.
func sarifLog(root string, findings []Finding) *sarif.Log {
	run := sarif.Run{
		Tool: sarif.Tool{Driver: sarif.Driver{Name: "reconcilelint", Version: Version(),
			InformationURI: "https://github.com/reconcilelint/reconcilelint", Rules: []sarif.ReportingDescriptor{}}},
		OriginalURIBaseIDs: map[string]sarif.ArtifactLocation{"%SRCROOT%": {URI: fileURI(root)}},
		Results:            []sarif.Result{},
	}
	index := map[string]int{}
	for _, f := range findings {
		if _, ok := index[f.Rule]; ok {
			continue
		}
		index[f.Rule] = len(run.Tool.Driver.Rules)
		r, _ := analyzers.Lookup(f.Rule)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarif.ReportingDescriptor{ID: f.Rule, Name: f.Rule,
			ShortDescription: &sarif.Message{Text: r.Title}, HelpURI: f.URL,
			DefaultConfiguration: &sarif.ReportingConfiguration{Level: sarifLevel(string(r.Severity))}})
	}
	loc := func(file string) sarif.ArtifactLocation {
		return sarif.ArtifactLocation{URI: relPath(root, file), URIBaseID: "%SRCROOT%"}
	}
	for _, f := range findings {
		r, _ := analyzers.Lookup(f.Rule)
		res := sarif.Result{RuleID: f.Rule, RuleIndex: index[f.Rule], Level: sarifLevel(string(r.Severity)),
			Message: sarif.Message{Text: f.Message},
			Locations: []sarif.Location{{PhysicalLocation: sarif.PhysicalLocation{ArtifactLocation: loc(f.Posn.Filename),
				Region: region(f.Posn.Line, f.Posn.Column, f.End.Line, f.End.Column)}}}}
		for _, sf := range f.Diag.SuggestedFixes {
			fix := sarif.Fix{Description: &sarif.Message{Text: sf.Message}}
			byFile := map[string]int{}
			for _, te := range sf.TextEdits {
				start := f.Fset.Position(te.Pos)
				end := start
				if te.End.IsValid() {
					end = f.Fset.Position(te.End)
				}
				k, ok := byFile[start.Filename]
				if !ok {
					k = len(fix.ArtifactChanges)
					byFile[start.Filename] = k
					fix.ArtifactChanges = append(fix.ArtifactChanges, sarif.ArtifactChange{ArtifactLocation: loc(start.Filename)})
				}
				fix.ArtifactChanges[k].Replacements = append(fix.ArtifactChanges[k].Replacements, sarif.Replacement{
					DeletedRegion:   *region(start.Line, start.Column, end.Line, end.Column),
					InsertedContent: &sarif.Content{Text: string(te.NewText)}})
			}
			res.Fixes = append(res.Fixes, fix)
		}
		run.Results = append(run.Results, res)
	}
	return &sarif.Log{Schema: sarif.Schema, Version: sarif.Version, Runs: []sarif.Run{run}}
}

// fileURI is the file URI of a directory, with its trailing slash.
func fileURI(dir string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive
	}
	return strings.TrimSuffix(u.String(), "/") + "/"
}

func region(line, col, endLine, endCol int) *sarif.Region {
	r := &sarif.Region{StartLine: line, StartColumn: col}
	if endLine > 0 {
		r.EndLine, r.EndColumn = endLine, endCol
	}
	return r
}

func sarifLevel(sev string) string {
	switch sev {
	case "error":
		return "error"
	case "info":
		return "note"
	}
	return "warning"
}

// Version is the version of the binary, for SARIF, -V and `reconcilelint version`
// (version.go).
func Version() string {
	info, ok := debug.ReadBuildInfo()
	v, _ := versionOf(stampedVersion, info, ok)
	return v
}

// openOutput returns the writer for -output (stdout when empty).
func openOutput(path string, stdout io.Writer) (io.Writer, func() error, error) {
	if path == "" || path == "-" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

// printConfig prints the effective configuration as JSON-compatible YAML.
func printConfig(w io.Writer, cfgPath string) int {
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reconcilelint:", err)
		return ExitUsage
	}
	enabled, _ := cfg.Enabled()
	out := struct {
		Source  string   `json:"source"`
		Enabled []string `json:"enabledRules"`
		Config  any      `json:"config"`
	}{cfgPath, enabled, cfg}
	if out.Source == "" {
		out.Source = "(defaults)"
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return ExitIncomplete
	}
	fmt.Fprintln(w, string(data))
	return ExitClean
}

// writeJSON writes the JSON tree of the go/analysis drivers (x/tools' checker and
// unitchecker print the same): package ID → analyzer → its diagnostics, or {"error":
// ...} for an analyzer that failed. Positions are "file:line:col"; an edit's offsets
// are byte offsets.
func writeJSON(w io.Writer, findings []Finding, failures []packageFailure) error {
	tree := map[string]map[string]any{}
	add := func(id, name string, v any) {
		if tree[id] == nil {
			tree[id] = map[string]any{}
		}
		tree[id][name] = v
	}
	for _, e := range failures {
		add(e.pkgID, e.analyzer, struct {
			Err string `json:"error"`
		}{e.err})
	}
	type key struct{ id, rule string }
	var order []key
	byKey := map[key][]jsonDiagnostic{}
	for _, f := range findings {
		k := key{f.pkgID, f.Rule}
		if _, failed := tree[k.id][k.rule]; failed {
			continue
		}
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		byKey[k] = append(byKey[k], checkerJSON(f.Fset, f.Diag))
	}
	for _, k := range order {
		add(k.id, k.rule, byKey[k])
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// checkerJSON is the JSON form of a diagnostic as x/tools' checker writes it (an edit
// without an end has offset 0 there; go vet's form, jsonDiagnostics, uses its start).
func checkerJSON(fset *token.FileSet, d analysis.Diagnostic) jsonDiagnostic {
	or := func(end, pos token.Pos) token.Pos {
		if end.IsValid() {
			return end
		}
		return pos
	}
	jd := jsonDiagnostic{
		Category: d.Category,
		Posn:     fset.Position(d.Pos).String(),
		End:      fset.Position(or(d.End, d.Pos)).String(),
		Message:  d.Message,
	}
	for _, fix := range d.SuggestedFixes {
		jf := jsonFix{Message: fix.Message}
		for _, e := range fix.TextEdits {
			jf.Edits = append(jf.Edits, jsonEdit{
				Filename: fset.Position(e.Pos).Filename,
				Start:    fset.Position(e.Pos).Offset,
				End:      fset.Position(e.End).Offset,
				New:      string(e.NewText),
			})
		}
		jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
	}
	for _, r := range d.Related {
		jd.Related = append(jd.Related, jsonRelated{
			Posn:    fset.Position(r.Pos).String(),
			End:     fset.Position(or(r.End, r.Pos)).String(),
			Message: r.Message,
		})
	}
	return jd
}
