package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// A baseline records findings that a project accepts for now, so that only new findings
// fail CI. Each finding is matched by rule, file and a fingerprint of the code around it
// (the finding's line and the lines before and after it, with white space folded), not
// by line number: unrelated edits that move the code keep it matched, while an edit of
// the code itself makes it a new finding.
type baseline struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

type baselineEntry struct {
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Fingerprint string `json:"fingerprint"`
	Message     string `json:"message"`
}

const baselineVersion = 1

// fingerprint hashes the rule and the code around the finding.
func fingerprint(f Finding, src map[string][]string) string {
	lines, ok := src[f.Posn.Filename]
	if !ok {
		data, err := os.ReadFile(f.Posn.Filename)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		src[f.Posn.Filename] = lines
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", f.Rule)
	for l := f.Posn.Line - 1; l <= f.Posn.Line+1; l++ {
		if l >= 1 && l <= len(lines) {
			fmt.Fprintf(h, "%s\n", strings.Join(strings.Fields(lines[l-1]), " "))
		}
	}
	// The column within the line tells apart two findings on one line.
	line := lineAt(lines, f.Posn.Line)
	indent := len(line) - len(strings.TrimLeft(line, " \t"))
	fmt.Fprintf(h, "%d\n", f.Posn.Column-indent)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func lineAt(lines []string, n int) string {
	if n >= 1 && n <= len(lines) {
		return lines[n-1]
	}
	return ""
}

func baselineEntries(wd string, findings []Finding) []baselineEntry {
	src := map[string][]string{}
	var out []baselineEntry
	for _, f := range findings {
		out = append(out, baselineEntry{Rule: f.Rule, File: relPath(wd, f.Posn.Filename), Fingerprint: fingerprint(f, src), Message: f.Message})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Fingerprint < b.Fingerprint
	})
	return out
}

func writeBaseline(path, wd string, findings []Finding) error {
	data, err := json.MarshalIndent(baseline{Version: baselineVersion, Findings: baselineEntries(wd, findings)}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func readBaseline(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var b baseline
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if b.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d", path, b.Version, baselineVersion)
	}
	return &b, nil
}

// filter returns the findings that the baseline does not cover. Each baseline entry
// covers one finding (a multiset match), so a second copy of an accepted finding is new.
func (b *baseline) filter(wd string, findings []Finding) (kept []Finding, covered int) {
	type key struct{ rule, file, fp string }
	count := map[key]int{}
	for _, e := range b.Findings {
		count[key{e.Rule, e.File, e.Fingerprint}]++
	}
	src := map[string][]string{}
	for _, f := range findings {
		k := key{f.Rule, relPath(wd, f.Posn.Filename), fingerprint(f, src)}
		if count[k] > 0 {
			count[k]--
			covered++
			continue
		}
		kept = append(kept, f)
	}
	return kept, covered
}
