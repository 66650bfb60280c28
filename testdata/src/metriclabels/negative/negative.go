package negative

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var (
	reconciles = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "reconciles_total"}, []string{"controller", "result"})
	phase      = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "pods"}, []string{"phase", "notfound"})
	duration   = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "duration_seconds"}, []string{"kind"})
)

const controllerName = "pod"

type R struct {
	client.Client
	kind string
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	defer func() { duration.WithLabelValues(r.kind).Observe(time.Since(start).Seconds()) }()
	var pod corev1.Pod
	err := r.Get(ctx, req.NamespacedName, &pod)
	result := "success"
	if err != nil {
		result = "error"
	}
	reconciles.WithLabelValues(controllerName, result).Inc()
	// Bounded values derived from the object or the error.
	phase.WithLabelValues(string(pod.Status.Phase), strconv.FormatBool(apierrors.IsNotFound(err))).Set(1)
	phase.With(prometheus.Labels{"phase": fmt.Sprintf("%d", len(pod.Spec.Containers)), "notfound": "false"}).Set(1)
	reconciles.WithLabelValues(controllerName, reason(err)).Inc()
	// Names in log fields and in ConstLabels are not labels of a vector.
	_ = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "x", ConstLabels: prometheus.Labels{"controller": controllerName}}, nil)
	return ctrl.Result{}, err
}

// reason maps an error to a bounded set of values.
func reason(err error) string {
	switch {
	case err == nil:
		return "none"
	case apierrors.IsNotFound(err):
		return "NotFound"
	}
	return "Other"
}

// A helper whose label value arrives through a parameter: callers are not followed.
func observe(kind string, d time.Duration) {
	duration.WithLabelValues(kind).Observe(d.Seconds())
}

// Methods named like the vector's on a type of the module.
type vec struct{}

func (vec) WithLabelValues(lvs ...string) int { return 0 }

func unrelated(pod *corev1.Pod) {
	_ = vec{}.WithLabelValues(pod.Name)
	// Container and image names are not object identity.
	for _, c := range pod.Spec.Containers {
		duration.WithLabelValues(c.Name).Observe(1)
	}
}

// A per-object gauge whose series are deleted with the object (cluster-api's
// clustercache): the package manages the lifecycle.
var connectionUp = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "connection_up"}, []string{"name", "namespace"})

type tracker struct {
	checks *prometheus.CounterVec
}

func (t *tracker) up(pod *corev1.Pod) {
	connectionUp.WithLabelValues(pod.Name, pod.Namespace).Set(1)
	t.checks.WithLabelValues(pod.Name).Inc()
}

func (t *tracker) forget(pod *corev1.Pod) {
	connectionUp.DeleteLabelValues(pod.Name, pod.Namespace)
	t.checks.DeletePartialMatch(prometheus.Labels{"name": pod.Name})
}

func observeAll() {
	observe("Pod", time.Second)
	observe(controllerName, time.Second)
}
