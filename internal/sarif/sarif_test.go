package sarif

import (
	"encoding/json"
	"strings"
	"testing"
)

func valid() *Log {
	return &Log{Schema: Schema, Version: Version, Runs: []Run{{
		Tool:               Tool{Driver: Driver{Name: "reconcilelint", Rules: []ReportingDescriptor{{ID: "sleep"}, {ID: "requeue"}}}},
		OriginalURIBaseIDs: map[string]ArtifactLocation{"%SRCROOT%": {URI: "file:///repo/"}},
		Results: []Result{{RuleID: "requeue", RuleIndex: 1, Level: "warning", Message: Message{Text: "m"},
			Locations: []Location{{PhysicalLocation: PhysicalLocation{ArtifactLocation: ArtifactLocation{URI: "op/c.go", URIBaseID: "%SRCROOT%"},
				Region: &Region{StartLine: 3, StartColumn: 2, EndLine: 3, EndColumn: 9}}}},
			Fixes: []Fix{{ArtifactChanges: []ArtifactChange{{ArtifactLocation: ArtifactLocation{URI: "op/c.go", URIBaseID: "%SRCROOT%"},
				Replacements: []Replacement{{DeletedRegion: Region{StartLine: 3, StartColumn: 2, EndLine: 3, EndColumn: 9}}}}}}}}},
	}}}
}

// TestValidate: a log as the driver writes it validates and round-trips through Parse;
// each broken property is named.
func TestValidate(t *testing.T) {
	l := valid()
	if err := l.Validate(); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(l)
	back, err := Parse(data)
	if err != nil || back.Validate() != nil || back.Runs[0].Results[0].RuleIndex != 1 {
		t.Fatalf("round trip: %v", err)
	}
	for _, tc := range []struct {
		name    string
		breakIt func(*Log)
		want    string
	}{
		{"version", func(l *Log) { l.Version = "2.0.0" }, "version"},
		{"tool name", func(l *Log) { l.Runs[0].Tool.Driver.Name = "" }, "driver.name"},
		{"rule index", func(l *Log) { l.Runs[0].Results[0].RuleIndex = 0 }, "not the driver's rule"},
		{"duplicate rule", func(l *Log) { l.Runs[0].Tool.Driver.Rules[0].ID = "requeue" }, "described twice"},
		{"level", func(l *Log) { l.Runs[0].Results[0].Level = "warn" }, "level"},
		{"message", func(l *Log) { l.Runs[0].Results[0].Message.Text = "" }, "empty message"},
		{"region", func(l *Log) { l.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartLine = 0 }, "bad region"},
		{"absolute uri with a base", func(l *Log) {
			l.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI = "/repo/op/c.go"
		}, "relative reference"},
		{"undeclared base", func(l *Log) {
			l.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID = "%OTHER%"
		}, "not declared"},
		{"base without slash", func(l *Log) { l.Runs[0].OriginalURIBaseIDs["%SRCROOT%"] = ArtifactLocation{URI: "file:///repo"} }, "end with a slash"},
		{"empty fix", func(l *Log) { l.Runs[0].Results[0].Fixes[0].ArtifactChanges = nil }, "without changes"},
	} {
		l := valid()
		tc.breakIt(l)
		if err := l.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if _, err := Parse([]byte(`{"version":"2.1.0","runs":[],"extra":1}`)); err == nil {
		t.Errorf("Parse accepts an unknown property")
	}
}
