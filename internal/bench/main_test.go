package main

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestConfidence(t *testing.T) {
	// mean 1, sample sd 0.1, t(2) = 4.303: half width 4.303 * 0.1 / sqrt(3).
	lo, hi, ok := confidence([]float64{0.9, 1.0, 1.1})
	half := 4.303 * 0.1 / math.Sqrt(3)
	if !ok || math.Abs(lo-(1-half)) > 1e-9 || math.Abs(hi-(1+half)) > 1e-9 {
		t.Errorf("confidence = %v, %v, %v; want %v, %v, true", lo, hi, ok, 1-half, 1+half)
	}
	// Beyond 30 degrees of freedom the normal quantile.
	xs := make([]float64, 40)
	for i := range xs {
		xs[i] = float64(i % 2)
	}
	lo, hi, _ = confidence(xs)
	sd := math.Sqrt(10.0 / 39)
	if want := 1.96 * sd / math.Sqrt(40); math.Abs((hi-lo)/2-want) > 1e-9 {
		t.Errorf("half width %v, want %v", (hi-lo)/2, want)
	}
	if _, _, ok := confidence([]float64{1, 1}); ok {
		t.Error("two values gave an interval")
	}
}

// The verdict of a paired ratio: yes when the ratio of the medians meets the target,
// level when it does not but the interval of the pairs reaches the target, no otherwise.
func TestRenderVerdict(t *testing.T) {
	ms := func(ratios []float64, tool, vet time.Duration) []measurement {
		return []measurement{
			{Module: "m", Tool: "go vet -vettool=reconcilelint", State: "warm", Wall: tool, Runs: len(ratios), Ratios: ratios},
			{Module: "m", Tool: "go vet", State: "warm", Wall: vet, Runs: len(ratios)},
		}
	}
	for _, c := range []struct {
		ratios    []float64
		tool, vet time.Duration
		want      string
	}{
		{[]float64{0.97, 0.99, 0.98}, 98, 100, "| yes |"},
		{[]float64{0.95, 1.05, 1.06}, 102, 100, "| level |"},
		{[]float64{1.10, 1.11, 1.12}, 111, 100, "| no |"},
	} {
		out := render(ms(c.ratios, c.tool*time.Millisecond, c.vet*time.Millisecond))
		var line string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "| vet-tool warm / go vet warm |") {
				line = l
			}
		}
		if !strings.HasSuffix(line, c.want) {
			t.Errorf("ratios %v: row %q, want it to end in %q", c.ratios, line, c.want)
		}
		if !strings.Contains(line, "95% CI") {
			t.Errorf("row %q has no interval", line)
		}
	}
}

// rowOf returns the line of the ratio table that starts with what ("" when absent).
func rowOf(out, what string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| "+what+" |") {
			return l
		}
	}
	return ""
}

// The rows of issue 32's goals: peak RSS against staticcheck's, the cold run against a
// baseline only when one was measured, the language server against absolute targets
// (a failed row is a miss, with its reason under the table), and the hit rate of the
// second GOCACHEPROG machine.
func TestRenderGoalRows(t *testing.T) {
	s := time.Second
	base := []measurement{
		{Module: "m", Tool: "reconcilelint (standalone)", State: "warm build", Wall: 4 * s, Runs: 3, RSS: 500 << 10},
		{Module: "m", Tool: "staticcheck v0.8.2", State: "warm build", Wall: 3 * s, Runs: 3, RSS: 200 << 10},
		{Module: "m", Tool: lspTool, State: lspOpenWarm, Wall: 900 * time.Millisecond, Runs: 3, RSS: 300 << 10},
		{Module: "m", Tool: lspTool, State: lspEditWarm, Wall: 700 * time.Millisecond, Runs: 15, RSS: 300 << 10},
		{Module: "m", Tool: lspTool, State: lspOpenCold, Exit: -1, Err: "waiting for the diagnostics of x.go after didOpen: nothing within 3m0s; the server logged: a | b"},
	}
	out := render(base)
	for what, want := range map[string]string{
		"peak RSS, cold standalone (-cache=off) / staticcheck":                             "| 2.50x (500 MiB / 200 MiB) | ≤ 2.0x | no |",
		"language server: didOpen of the controller to its diagnostics, warm result cache": "| 900ms | < 1s | yes |",
		"language server: didChange (one comment line) to the diagnostics of that version": "| 700ms | < 500ms | no |",
		"language server: didOpen of the controller to its diagnostics, no result cache":   "| failed |  |  |",
		"peak RSS of reconcilelint runs":                                                   "| 500 MiB | ≤ 1024 MiB | yes |",
	} {
		if row := rowOf(out, what); !strings.HasSuffix(row, want) {
			t.Errorf("row %q, want it to end in %q", row, want)
		}
	}
	if !strings.Contains(out, "| reconcilelint lsp | "+lspOpenCold+" | failed (1) |") ||
		!strings.Contains(out, "\nFailed (1): reconcilelint lsp, "+lspOpenCold+": waiting for the diagnostics of x.go after didOpen: nothing within 3m0s; the server logged: a | b\n") {
		t.Errorf("the failed row and its reason are not in the report:\n%s", out)
	}
	for _, absent := range []string{"the baseline's", "GOCACHEPROG"} {
		if strings.Contains(out, absent) {
			t.Errorf("a row of %s without its measurement:\n%s", absent, out)
		}
	}

	// Under the target.
	low := append([]measurement{}, base...)
	low[0].RSS = 400 << 10
	if row := rowOf(render(low), "peak RSS, cold standalone (-cache=off) / staticcheck"); !strings.HasSuffix(row, "| 2.00x (400 MiB / 200 MiB) | ≤ 2.0x | yes |") {
		t.Errorf("RSS at the target: %q", row)
	}

	const bstate = "cold (-cache=off), against the baseline"
	more := append(append([]measurement{}, base...),
		measurement{Module: "m", Tool: "reconcilelint (standalone)", State: bstate, Wall: 4400 * time.Millisecond, Runs: 3, Ratios: []float64{1.08, 1.12, 1.10}},
		measurement{Module: "m", Tool: "reconcilelint (baseline)", State: bstate, Wall: 4 * s, Runs: 3, RSS: 900 << 10},
		measurement{Module: "m", Tool: gocacheprogTool, State: gocacheprogStates[0], Wall: 5 * s, Runs: 1, Cache: &cacheCounts{Stored: 312}},
		measurement{Module: "m", Tool: gocacheprogTool, State: gocacheprogStates[1], Wall: 2 * s, Runs: 1, Cache: &cacheCounts{Hits: 300, Misses: 12}},
	)
	out = render(more)
	for what, want := range map[string]string{
		"cold standalone (-cache=off) / the baseline's":           "| 1.10x (pairs: 95% CI 1.05–1.15) | ≤ 1.1x | yes |",
		"GOCACHEPROG: result cache hits of machine B's first run": "| 300 of 312 packages (96%); machine A stored 312 | every package | no |",
		"GOCACHEPROG: machine B's first run / machine A's":        "| 0.40x |  |  |",
		// The baseline's memory is not ours.
		"peak RSS of reconcilelint runs": "| 500 MiB | ≤ 1024 MiB | yes |",
	} {
		if row := rowOf(out, what); !strings.HasSuffix(row, want) {
			t.Errorf("row %q, want it to end in %q", row, want)
		}
	}
	more[len(more)-1].Cache = &cacheCounts{Hits: 312}
	if row := rowOf(render(more), "GOCACHEPROG: result cache hits of machine B's first run"); !strings.HasSuffix(row, "| 312 of 312 packages (100%); machine A stored 312 | every package | yes |") {
		t.Errorf("every package hit: %q", row)
	}
	// A second machine whose run failed.
	more[len(more)-1] = measurement{Module: "m", Tool: gocacheprogTool, State: gocacheprogStates[1], Exit: -1, Err: "the run did not use GOCACHEPROG"}
	if row := rowOf(render(more), "GOCACHEPROG: result cache hits of machine B's first run"); !strings.HasSuffix(row, "| failed | every package | no |") {
		t.Errorf("failed second machine: %q", row)
	}
}

func TestParseCacheStats(t *testing.T) {
	stderr := "reconcilelint: timing: 1.2s in all\nreconcilelint: timing: result cache GOCACHEPROG /x/go-cacher -cache-dir /y: 310 hits, 2 misses, 2 stored\n"
	where, h, m, s, ok := parseCacheStats(stderr)
	if !ok || where != "GOCACHEPROG /x/go-cacher -cache-dir /y" || h != 310 || m != 2 || s != 2 {
		t.Errorf("parseCacheStats = %q %d %d %d %v", where, h, m, s, ok)
	}
	if _, _, _, _, ok := parseCacheStats("reconcilelint: timing: 1.2s in all\n"); ok {
		t.Error("a run without the line parsed")
	}
}

// TestCheckSpace: the GOCACHEPROG scenario refuses at once, naming the directory, when a
// file system has less room than machine A's build needs, and goes on when it has.
func TestCheckSpace(t *testing.T) {
	dir := t.TempDir()
	free, err := freeBytes(dir)
	if err != nil {
		t.Skipf("free space not measured here: %v", err)
	}
	if free == 0 {
		t.Skip("no free space to compare with")
	}
	if err := checkSpace([]string{dir}, 1); err != nil {
		t.Errorf("checkSpace with %d bytes free, 1 needed: %v", free, err)
	}
	err = checkSpace([]string{dir}, free*4)
	if err == nil || !strings.Contains(err.Error(), "free in "+dir) || !strings.Contains(err.Error(), "-gocacheprog=") {
		t.Errorf("checkSpace with %d bytes free, %d needed: %v", free, free*4, err)
	}
}
