package analyzerutil

import (
	"errors"
	"flag"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

type toyConfig struct {
	Allow     []string `json:"allow,omitempty"`
	Strict    bool     `json:"strict"`
	Threshold string   `json:"threshold,omitempty"`
	Limit     int      `json:"limit,omitempty"`
	Extra     struct {
		N int `json:"n"`
	} `json:"extra"`
	hidden int
}

// toyNew builds an analyzer whose run returns the options it was built with.
func toyNew(c toyConfig) (*analysis.Analyzer, error) {
	if c.Threshold == "bad" {
		return nil, errors.New("threshold: \"bad\" is not a duration")
	}
	return Configured(Rule{Name: "toy", Doc: "// Package toy is a test.\n//\n// # Analyzer toy\n//\n// toy: test\n//\n// Test.\npackage toy\n"}, c, func(_ *analysis.Pass, o toyConfig) (any, error) { return o, nil }), nil
}

func TestBindFlags(t *testing.T) {
	def := toyConfig{Strict: true, Threshold: "1s", hidden: 1} // an unexported field is no flag
	a := Must(toyNew(def))
	BindFlags(a, def, toyNew, map[string]string{"allow": "what is allowed"})
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if got := strings.Join(names, " "); got != "allow extra limit strict threshold" {
		t.Fatalf("flags %q, want the json names of the exported fields", got)
	}
	if u := a.Flags.Lookup("allow").Usage; u != "what is allowed" {
		t.Errorf("usage %q", u)
	}
	if v := a.Flags.Lookup("strict").Value.String(); v != "true" {
		t.Errorf("strict's default %q, want the config's true", v)
	}
	if b, ok := a.Flags.Lookup("strict").Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
		t.Error("a bool option is not a bool flag")
	}
	// Without a flag set, the analyzer runs with the options it was built with.
	got, _ := a.Run(nil)
	if !reflect.DeepEqual(got, def) {
		t.Fatalf("run with no flag set: %+v", got)
	}
	for name, value := range map[string]string{"allow": "time.Sleep, wait.Poll,", "strict": "false", "limit": "3", "extra": `{"n":7}`} {
		if err := a.Flags.Set(name, value); err != nil {
			t.Fatalf("Set(%s, %q): %v", name, value, err)
		}
	}
	got, _ = a.Run(nil)
	want := toyConfig{Allow: []string{"time.Sleep", "wait.Poll"}, Strict: false, Threshold: "1s", Limit: 3, hidden: 1}
	want.Extra.N = 7
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("run after the flags: %+v, want %+v", got, want)
	}
	if v := a.Flags.Lookup("allow").Value.String(); v != "time.Sleep,wait.Poll" {
		t.Errorf("allow reads back %q", v)
	}
	// A value the rule's New rejects is an error of Set, and changes nothing.
	if err := a.Flags.Set("threshold", "bad"); err == nil || !strings.Contains(err.Error(), "not a duration") {
		t.Fatalf("Set(threshold, bad) = %v", err)
	}
	for name, value := range map[string]string{"strict": "maybe", "limit": "x", "extra": "{"} {
		if err := a.Flags.Set(name, value); err == nil {
			t.Errorf("Set(%s, %q) succeeded", name, value)
		}
	}
	if got, _ := a.Run(nil); !reflect.DeepEqual(got, want) {
		t.Fatalf("a rejected value changed the options: %+v", got)
	}
	// An empty list clears it.
	a.Flags.Set("allow", "")
	if got, _ := a.Run(nil); got.(toyConfig).Allow == nil || len(got.(toyConfig).Allow) != 0 {
		t.Errorf("empty allow: %+v", got)
	}

	// SetOption decodes the same forms into a Config (the standalone driver's flags).
	var c toyConfig
	if err := SetOption(&c, "allow", "a,b"); err != nil || strings.Join(c.Allow, "|") != "a|b" {
		t.Errorf("SetOption: %v %+v", err, c)
	}
	if err := SetOption(&c, "alow", "a"); err == nil || !strings.Contains(err.Error(), "known: allow, extra, limit, strict, threshold") {
		t.Errorf("SetOption of an unknown name: %v", err)
	}
}
