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
