package controllers

import (
	corev1 "k8s.io/api/core/v1"

	"metriclabels/xpkg/metrics"
)

func failed(pod *corev1.Pod, err error) {
	metrics.RecordFailure("pods", "default", "NotFound")
	metrics.RecordFailure(string(pod.Status.Phase), "default", "x")
	metrics.RecordFailure(pod.Name, "default", "x")                        // want `metric label value from the object's name: .* \(passed to metrics.RecordFailure, which uses it as a label value\)`
	metrics.RecordFailure("pods", "default", err.Error())                  // want `metric label value from error text: .* \(passed to metrics.RecordFailure`
	metrics.RecordFailure(metrics.Key(pod.Namespace, "x"), "default", "x") // want `metric label value from the object's namespace`
	metrics.RecordFailure(metrics.Key("kube-system", "x"), "default", "x")
	// jobset's metrics.JobSetFailed(js.Name, js.Namespace): one label set, one finding.
	metrics.RecordFailure(pod.Name, pod.Namespace, "x") // want `metric label values from the object's name and the object's namespace: .* \(passed to metrics.RecordFailure`
	// Identity and error text in one call are two things to change: two findings.
	metrics.RecordFailure(pod.Name, "default", err.Error()) // want `metric label value from the object's name` `metric label value from error text`
}
