// Package prometheus synthesizes package github.com/prometheus/client_golang/prometheus for tests.
package prometheus

// Labels maps label names to values.
type Labels map[string]string

// Opts holds common metric options (subset of fields).
type Opts struct {
	Namespace   string
	Subsystem   string
	Name        string
	Help        string
	ConstLabels Labels
}

// CounterOpts configures a counter.
type CounterOpts Opts

// GaugeOpts configures a gauge.
type GaugeOpts Opts

// HistogramOpts configures a histogram (subset of fields).
type HistogramOpts struct {
	Namespace   string
	Subsystem   string
	Name        string
	Help        string
	ConstLabels Labels
	Buckets     []float64
}

// Counter is a monotonic counter (subset of methods).
type Counter interface {
	Inc()
	Add(float64)
}

// Gauge is a gauge (subset of methods).
type Gauge interface {
	Set(float64)
	Inc()
	Dec()
	Add(float64)
	Sub(float64)
}

// Observer observes values.
type Observer interface {
	Observe(float64)
}

// ObserverVec is a vector of Observers (subset of methods).
type ObserverVec interface {
	GetMetricWith(Labels) (Observer, error)
	GetMetricWithLabelValues(lvs ...string) (Observer, error)
	With(Labels) Observer
	WithLabelValues(...string) Observer
	CurryWith(Labels) (ObserverVec, error)
	MustCurryWith(Labels) ObserverVec
}

// CounterVec is a vector of counters.
type CounterVec struct{}

// NewCounterVec is a stub.
func NewCounterVec(opts CounterOpts, labelNames []string) *CounterVec { return &CounterVec{} }

// GetMetricWithLabelValues is a stub.
func (v *CounterVec) GetMetricWithLabelValues(lvs ...string) (Counter, error) { return nil, nil }

// GetMetricWith is a stub.
func (v *CounterVec) GetMetricWith(labels Labels) (Counter, error) { return nil, nil }

// WithLabelValues is a stub.
func (v *CounterVec) WithLabelValues(lvs ...string) Counter { return nil }

// With is a stub.
func (v *CounterVec) With(labels Labels) Counter { return nil }

// CurryWith is a stub.
func (v *CounterVec) CurryWith(labels Labels) (*CounterVec, error) { return v, nil }

// MustCurryWith is a stub.
func (v *CounterVec) MustCurryWith(labels Labels) *CounterVec { return v }

// GaugeVec is a vector of gauges.
type GaugeVec struct{}

// NewGaugeVec is a stub.
func NewGaugeVec(opts GaugeOpts, labelNames []string) *GaugeVec { return &GaugeVec{} }

// GetMetricWithLabelValues is a stub.
func (v *GaugeVec) GetMetricWithLabelValues(lvs ...string) (Gauge, error) { return nil, nil }

// GetMetricWith is a stub.
func (v *GaugeVec) GetMetricWith(labels Labels) (Gauge, error) { return nil, nil }

// WithLabelValues is a stub.
func (v *GaugeVec) WithLabelValues(lvs ...string) Gauge { return nil }

// With is a stub.
func (v *GaugeVec) With(labels Labels) Gauge { return nil }

// CurryWith is a stub.
func (v *GaugeVec) CurryWith(labels Labels) (*GaugeVec, error) { return v, nil }

// MustCurryWith is a stub.
func (v *GaugeVec) MustCurryWith(labels Labels) *GaugeVec { return v }

// HistogramVec is a vector of histograms.
type HistogramVec struct{}

// NewHistogramVec is a stub.
func NewHistogramVec(opts HistogramOpts, labelNames []string) *HistogramVec {
	return &HistogramVec{}
}

// GetMetricWithLabelValues is a stub.
func (v *HistogramVec) GetMetricWithLabelValues(lvs ...string) (Observer, error) { return nil, nil }

// GetMetricWith is a stub.
func (v *HistogramVec) GetMetricWith(labels Labels) (Observer, error) { return nil, nil }

// WithLabelValues is a stub.
func (v *HistogramVec) WithLabelValues(lvs ...string) Observer { return nil }

// With is a stub.
func (v *HistogramVec) With(labels Labels) Observer { return nil }

// CurryWith is a stub.
func (v *HistogramVec) CurryWith(labels Labels) (ObserverVec, error) { return nil, nil }

// MustCurryWith is a stub.
func (v *HistogramVec) MustCurryWith(labels Labels) ObserverVec { return nil }
