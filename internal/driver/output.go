package driver

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// Formats of the findings.
var formats = []string{"text", "json", "sarif", "github"}

// writeFindings writes the findings in format to w. roots are the checker actions of
// the reported packages, with their diagnostics already filtered (for json).
func writeFindings(w io.Writer, format, wd string, findings []Finding, roots []*checker.Action) error {
	switch format {
	case "text":
		for _, f := range findings {
			if _, err := fmt.Fprintf(w, "%s: %s: %s\n", relPos(wd, f.Posn), f.Rule, f.Message); err != nil {
				return err
			}
		}
		return nil
	case "json":
		return (&checker.Graph{Roots: roots}).PrintJSON(w)
	case "github":
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
				ghProperty(relPath(wd, f.Posn.Filename)), f.Posn.Line, f.Posn.Column, f.End.Line, f.End.Column,
				ghProperty("reconcilelint "+f.Rule), ghData(f.Message+" ("+f.URL+")")); err != nil {
				return err
			}
		}
		return nil
	case "sarif":
		rep, err := sarifReport(wd, findings)
		if err != nil {
			return err
		}
		if err := rep.Write(w); err != nil {
			return err
		}
		_, err = io.WriteString(w, "\n")
		return err
	}
	return fmt.Errorf("unknown format %q (known: %s)", format, strings.Join(formats, ", "))
}

// ghData escapes the message of a GitHub workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a GitHub workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// sarifReport builds a SARIF 2.1.0 report: one run, the rules of the registry that have
// findings (id, short description, help URI, default level) and one result per finding
// with its location and fixes. Paths are relative to the working directory, which is
// the %SRCROOT% base.
func sarifReport(wd string, findings []Finding) (*sarif.Report, error) {
	rep := sarif.NewReport()
	run := sarif.NewRunWithInformationURI("reconcilelint", "https://github.com/reconcilelint/reconcilelint")
	run.Tool.Driver.WithVersion(Version())
	run.Tool.Driver.Rules = []*sarif.ReportingDescriptor{}
	seen := map[string]bool{}
	for _, f := range findings {
		if seen[f.Rule] {
			continue
		}
		seen[f.Rule] = true
		r, _ := analyzers.Lookup(f.Rule)
		run.AddRule(f.Rule).
			WithName(f.Rule).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(r.Title)).
			WithHelpURI(f.URL).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarifLevel(string(r.Severity))))
	}
	for _, f := range findings {
		r, _ := analyzers.Lookup(f.Rule)
		res := run.CreateResultForRule(f.Rule).
			WithLevel(sarifLevel(string(r.Severity))).
			WithMessage(sarif.NewTextMessage(f.Message))
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(
			sarif.NewPhysicalLocation().
				WithArtifactLocation(sarif.NewSimpleArtifactLocation(relPath(wd, f.Posn.Filename)).WithURIBaseID("%SRCROOT%")).
				WithRegion(region(f.Posn.Line, f.Posn.Column, f.End.Line, f.End.Column))))
		for _, sf := range f.Diag.SuggestedFixes {
			fix := sarif.NewFix().WithDescription(sarif.NewTextMessage(sf.Message))
			byFile := map[string]*sarif.ArtifactChange{}
			var order []string
			for _, te := range sf.TextEdits {
				start := f.Fset.Position(te.Pos)
				end := start
				if te.End.IsValid() {
					end = f.Fset.Position(te.End)
				}
				file := relPath(wd, start.Filename)
				ch := byFile[file]
				if ch == nil {
					ch = sarif.NewArtifactChange().WithArtifactLocation(sarif.NewSimpleArtifactLocation(file).WithURIBaseID("%SRCROOT%"))
					byFile[file] = ch
					order = append(order, file)
				}
				ch.AddReplacement(sarif.NewReplacement().
					WithDeletedRegion(region(start.Line, start.Column, end.Line, end.Column)).
					WithInsertedContent(sarif.NewArtifactContent().WithText(string(te.NewText))))
			}
			for _, file := range order {
				fix.AddArtifactChange(byFile[file])
			}
			res.Fixes = append(res.Fixes, fix)
		}
	}
	rep.AddRun(run)
	return rep, nil
}

func region(line, col, endLine, endCol int) *sarif.Region {
	r := sarif.NewRegion().WithStartLine(line).WithStartColumn(col)
	if endLine > 0 {
		r.WithEndLine(endLine).WithEndColumn(endCol)
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
