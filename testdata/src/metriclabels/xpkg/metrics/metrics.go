// Package metrics records metrics for package controllers: the label values passed in
// are judged at the calls there.
package metrics

import "github.com/prometheus/client_golang/prometheus"

var failures = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "failures_total"}, []string{"name", "namespace", "reason"})

func RecordFailure(name, namespace, reason string) {
	failures.WithLabelValues(name, namespace, reason).Inc()
}

func Key(namespace, name string) string { return namespace + "/" + name }
