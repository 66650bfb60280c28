// Package metrics holds the operator's Prometheus metrics.
package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

var (
	// ReconcileErrors counts failed reconciles.
	ReconcileErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "widget_reconcile_errors_total",
		Help: "Failed widget reconciles.",
	}, []string{"widget", "error"})

	// ApplyDuration observes server-side apply latency.
	ApplyDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "widget_apply_duration_seconds",
		Help: "Latency of server-side apply of widget children.",
	}, []string{"kind", "result"})

	// WidgetReady is 1 while a widget is ready; the controller deletes its series with the widget.
	WidgetReady = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "widget_ready",
		Help: "Whether a widget is ready.",
	}, []string{"namespace", "name"})
)

func init() {
	metrics.Registry.MustRegister(ReconcileErrors, ApplyDuration, WidgetReady)
}
