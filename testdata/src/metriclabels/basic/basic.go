package basic

import (
	"context"
	"fmt"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var (
	reconciles = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "reconciles_total"}, []string{"name", "namespace"})
	errorsVec  = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "errors_total"}, []string{"error"})
	phase      = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "phase"}, []string{"object", "phase"})
	duration   = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "duration_seconds"}, []string{"key"})
	latency    = prometheus.NewSummaryVec(prometheus.SummaryOpts{Name: "latency_seconds"}, []string{"uid"})
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	reconciles.WithLabelValues(req.Name, req.Namespace).Inc()                       // want `metric label values from the object.s name and the object.s namespace: every object gets its own time series`
	duration.WithLabelValues(req.String()).Observe(1)                               // want `metric label value from the request's namespace/name`
	duration.With(prometheus.Labels{"key": req.NamespacedName.String()}).Observe(1) // want `metric label value from the request's namespace/name`
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		errorsVec.WithLabelValues(err.Error()).Inc() // want `metric label value from error text: every distinct message`
		return ctrl.Result{}, err
	}
	record(&pod)
	return ctrl.Result{}, nil
}

// record is a helper: the rule applies everywhere, not only in Reconcile paths.
func record(pod *corev1.Pod) {
	phase.WithLabelValues(pod.GetName(), string(pod.Status.Phase)).Set(1) // want `metric label value from the object's name`
	latency.WithLabelValues(string(pod.UID)).Observe(1)                   // want `metric label value from the object's UID`
	key := fmt.Sprintf("%s/%s", pod.Namespace, pod.Name)
	phase.With(prometheus.Labels{"object": key, "phase": "Running"}).Set(1) // want `metric label value from the object.s namespace: every namespace gets its own time series, and the series of a deleted namespace stays exported`
	lower := strings.ToLower(pod.ObjectMeta.Name)
	phase.WithLabelValues(lower, "x").Set(0)                                                 // want `metric label value from the object's name`
	if c, err := phase.GetMetricWithLabelValues("ns-"+pod.GetNamespace(), "x"); err == nil { // want `metric label value from the object's namespace`
		c.Set(1)
	}
	labels := prometheus.Labels{"phase": "Pending"}
	labels["object"] = pod.Name                                                      // want `metric label value from the object's name`
	_, _ = phase.GetMetricWith(labels)                                               // the value is reported where it is stored
	curried := duration.MustCurryWith(prometheus.Labels{"key": fmt.Sprint(pod.UID)}) // want `metric label value from the object's UID`
	_ = curried
	vals := []string{pod.GetName()} // want `metric label value from the object's name`
	duration.WithLabelValues(vals...).Observe(1)
}

func fail(err error) {
	errorsVec.With(prometheus.Labels{"error": fmt.Sprintf("failed: %v", err)}).Inc() // want `metric label value from error text`
	msg := err.Error()
	errorsVec.WithLabelValues(msg).Inc() // want `metric label value from error text`
}

// A helper whose label values are parameters: the arguments at its calls in this
// package are judged (jobset's metrics.JobSetFailed(name, namespace) pattern).
func recordFailure(name, namespace string) {
	reconciles.WithLabelValues(name, namespace).Inc()
}

func failed(pod *corev1.Pod) {
	recordFailure(pod.Name, "default") // want `metric label value from the object's name`
}
