// Package sarif holds the part of SARIF 2.1.0 (the OASIS Static Analysis Results
// Interchange Format) that reconcilelint writes: one run, the rules with findings,
// results with a location and fixes. It is a few types, not a dependency: a linter
// pinned next to an operator with `go get -tool` should not move the operator's
// requirements, and the SARIF library this replaced brought a JSON-schema validator
// and its dependencies with it (docs/design-notes.md). Validate checks what the
// specification requires of what these types can hold.
package sarif

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Version and Schema are the SARIF version written and its JSON schema.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

// Log is a SARIF log file (sarifLog).
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one run of one tool.
type Run struct {
	Tool               Tool                        `json:"tool"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
}

// Tool describes the analysis tool.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the tool component that ran.
type Driver struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []ReportingDescriptor `json:"rules"`
}

// ReportingDescriptor describes a rule.
type ReportingDescriptor struct {
	ID                   string                  `json:"id"`
	Name                 string                  `json:"name,omitempty"`
	ShortDescription     *Message                `json:"shortDescription,omitempty"`
	HelpURI              string                  `json:"helpUri,omitempty"`
	DefaultConfiguration *ReportingConfiguration `json:"defaultConfiguration,omitempty"`
}

// ReportingConfiguration is a rule's default level.
type ReportingConfiguration struct {
	Level string `json:"level,omitempty"`
}

// Message is a plain-text message (multiformatMessageString has the same shape here).
type Message struct {
	Text string `json:"text"`
}

// Result is one finding.
type Result struct {
	RuleID    string     `json:"ruleId"`
	RuleIndex int        `json:"ruleIndex"`
	Level     string     `json:"level,omitempty"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
	Fixes     []Fix      `json:"fixes,omitempty"`
}

// Location is where a result is.
type Location struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

// PhysicalLocation is a region of a file.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation is a file: a URI, relative to the base named by URIBaseID.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a range of a file, lines and columns from 1.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// Fix is a suggested fix.
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is the edits of one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement replaces a region by new content.
type Replacement struct {
	DeletedRegion   Region   `json:"deletedRegion"`
	InsertedContent *Content `json:"insertedContent,omitempty"`
}

// Content is the text of an artifact or of a replacement.
type Content struct {
	Text string `json:"text"`
}

// Parse decodes a SARIF log strictly (unknown properties are errors: this package
// reads what it writes).
func Parse(data []byte) (*Log, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var l Log
	if err := dec.Decode(&l); err != nil {
		return nil, err
	}
	return &l, nil
}

var levels = map[string]bool{"": true, "none": true, "note": true, "warning": true, "error": true}

// Validate checks what SARIF 2.1.0 requires of a log these types can hold: the version
// and schema, a tool name per run, rule ids that are unique and that results name at
// their index, a message per result, levels from the specification's set, relative URIs
// whose base is declared (or %SRCROOT%), regions whose lines start at 1 and do not end
// before they start, and fixes that change something.
func (l *Log) Validate() error {
	if l.Version != Version {
		return fmt.Errorf("version %q, want %q", l.Version, Version)
	}
	if l.Schema == "" {
		return fmt.Errorf("no $schema")
	}
	for i, run := range l.Runs {
		if run.Tool.Driver.Name == "" {
			return fmt.Errorf("runs[%d].tool.driver.name is empty", i)
		}
		index := map[string]int{}
		for k, r := range run.Tool.Driver.Rules {
			if r.ID == "" {
				return fmt.Errorf("runs[%d].tool.driver.rules[%d].id is empty", i, k)
			}
			if _, dup := index[r.ID]; dup {
				return fmt.Errorf("runs[%d]: rule %s described twice", i, r.ID)
			}
			index[r.ID] = k
			if c := r.DefaultConfiguration; c != nil && !levels[c.Level] {
				return fmt.Errorf("rule %s: level %q", r.ID, c.Level)
			}
		}
		checkLoc := func(where string, a ArtifactLocation) error {
			if a.URI == "" {
				return fmt.Errorf("%s: empty uri", where)
			}
			if a.URIBaseID != "" && a.URIBaseID != "%SRCROOT%" {
				if _, ok := run.OriginalURIBaseIDs[a.URIBaseID]; !ok {
					return fmt.Errorf("%s: uriBaseId %s is not declared", where, a.URIBaseID)
				}
			}
			if a.URIBaseID != "" && (strings.HasPrefix(a.URI, "/") || strings.Contains(a.URI, "://") || strings.Contains(a.URI, `\`)) {
				return fmt.Errorf("%s: uri %q with a base must be a relative reference with slashes", where, a.URI)
			}
			return nil
		}
		checkRegion := func(where string, r Region) error {
			if r.StartLine < 1 || r.EndLine != 0 && r.EndLine < r.StartLine || r.StartColumn < 0 || r.EndColumn < 0 ||
				r.EndLine == r.StartLine && r.EndColumn != 0 && r.EndColumn < r.StartColumn {
				return fmt.Errorf("%s: bad region %+v", where, r)
			}
			return nil
		}
		for base, a := range run.OriginalURIBaseIDs {
			if !strings.HasSuffix(a.URI, "/") {
				return fmt.Errorf("originalUriBaseIds[%s]: uri %q must end with a slash", base, a.URI)
			}
		}
		for j, res := range run.Results {
			where := fmt.Sprintf("runs[%d].results[%d]", i, j)
			k, ok := index[res.RuleID]
			if !ok || k != res.RuleIndex {
				return fmt.Errorf("%s: rule %q at index %d is not the driver's rule at that index", where, res.RuleID, res.RuleIndex)
			}
			if res.Message.Text == "" {
				return fmt.Errorf("%s: empty message", where)
			}
			if !levels[res.Level] {
				return fmt.Errorf("%s: level %q", where, res.Level)
			}
			for _, loc := range res.Locations {
				if err := checkLoc(where, loc.PhysicalLocation.ArtifactLocation); err != nil {
					return err
				}
				if r := loc.PhysicalLocation.Region; r != nil {
					if err := checkRegion(where, *r); err != nil {
						return err
					}
				}
			}
			for _, fix := range res.Fixes {
				if len(fix.ArtifactChanges) == 0 {
					return fmt.Errorf("%s: a fix without changes", where)
				}
				for _, ch := range fix.ArtifactChanges {
					if err := checkLoc(where+" fix", ch.ArtifactLocation); err != nil {
						return err
					}
					if len(ch.Replacements) == 0 {
						return fmt.Errorf("%s: a fix change without replacements", where)
					}
					for _, rep := range ch.Replacements {
						if err := checkRegion(where+" fix", rep.DeletedRegion); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}
