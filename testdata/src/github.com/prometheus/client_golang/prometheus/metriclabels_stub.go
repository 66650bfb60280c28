package prometheus

// SummaryOpts configures a summary (subset of fields).
type SummaryOpts struct {
	Namespace   string
	Subsystem   string
	Name        string
	Help        string
	ConstLabels Labels
	Objectives  map[float64]float64
}

// SummaryVec is a vector of summaries.
type SummaryVec struct{}

// NewSummaryVec is a stub.
func NewSummaryVec(opts SummaryOpts, labelNames []string) *SummaryVec { return &SummaryVec{} }

// GetMetricWithLabelValues is a stub.
func (v *SummaryVec) GetMetricWithLabelValues(lvs ...string) (Observer, error) { return nil, nil }

// GetMetricWith is a stub.
func (v *SummaryVec) GetMetricWith(labels Labels) (Observer, error) { return nil, nil }

// WithLabelValues is a stub.
func (v *SummaryVec) WithLabelValues(lvs ...string) Observer { return nil }

// With is a stub.
func (v *SummaryVec) With(labels Labels) Observer { return nil }

// CurryWith is a stub.
func (v *SummaryVec) CurryWith(labels Labels) (ObserverVec, error) { return nil, nil }

// MustCurryWith is a stub.
func (v *SummaryVec) MustCurryWith(labels Labels) ObserverVec { return nil }

// DeleteLabelValues is a stub (promoted from *MetricVec in the real type).
func (v CounterVec) DeleteLabelValues(lvs ...string) bool { return false }

// Delete is a stub (promoted from *MetricVec in the real type).
func (v CounterVec) Delete(labels Labels) bool { return false }

// DeletePartialMatch is a stub (promoted from *MetricVec in the real type).
func (v CounterVec) DeletePartialMatch(labels Labels) int { return 0 }

// Reset is a stub (promoted from *MetricVec in the real type).
func (v CounterVec) Reset() {}

// DeleteLabelValues is a stub (promoted from *MetricVec in the real type).
func (v GaugeVec) DeleteLabelValues(lvs ...string) bool { return false }

// Delete is a stub (promoted from *MetricVec in the real type).
func (v GaugeVec) Delete(labels Labels) bool { return false }

// DeletePartialMatch is a stub (promoted from *MetricVec in the real type).
func (v GaugeVec) DeletePartialMatch(labels Labels) int { return 0 }

// Reset is a stub (promoted from *MetricVec in the real type).
func (v GaugeVec) Reset() {}

// DeleteLabelValues is a stub (promoted from *MetricVec in the real type).
func (v HistogramVec) DeleteLabelValues(lvs ...string) bool { return false }

// Delete is a stub (promoted from *MetricVec in the real type).
func (v HistogramVec) Delete(labels Labels) bool { return false }

// DeletePartialMatch is a stub (promoted from *MetricVec in the real type).
func (v HistogramVec) DeletePartialMatch(labels Labels) int { return 0 }

// Reset is a stub (promoted from *MetricVec in the real type).
func (v HistogramVec) Reset() {}

// DeleteLabelValues is a stub (promoted from *MetricVec in the real type).
func (v SummaryVec) DeleteLabelValues(lvs ...string) bool { return false }

// Delete is a stub (promoted from *MetricVec in the real type).
func (v SummaryVec) Delete(labels Labels) bool { return false }

// DeletePartialMatch is a stub (promoted from *MetricVec in the real type).
func (v SummaryVec) DeletePartialMatch(labels Labels) int { return 0 }

// Reset is a stub (promoted from *MetricVec in the real type).
func (v SummaryVec) Reset() {}
