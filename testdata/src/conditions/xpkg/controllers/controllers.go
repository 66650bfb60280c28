package controllers

import (
	"strconv"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"conditions/xpkg/status"
)

func reconcile(o *status.Obj, err error, ok bool) {
	status.SetReady(o, metav1.ConditionTrue, "Ready", err.Error()) // the message may hold error text
	status.SetReady(o, metav1.ConditionFalse, "Failed", "")
	status.SetReady(o, metav1.ConditionUnknown, "Pending", "")
	status.SetReady(o, metav1.ConditionFalse, err.Error(), "")                      // want `condition Reason from error text: .* \(passed to status.SetReady, which sets the condition\)`
	status.SetReady(o, metav1.ConditionFalse, "Secret not found", "")               // want `condition Reason "Secret not found" does not match .* \(passed to status.SetReady`
	status.SetReady(o, "true", "Ready", "")                                         // want `condition Status "true" is not True, False or Unknown: the API server rejects`
	status.SetReady(o, metav1.ConditionStatus("Ready"), "Ready", "")                // want `condition Status "Ready" is not True, False or Unknown`
	status.SetReady(o, metav1.ConditionStatus(strconv.FormatBool(ok)), "Ready", "") // want `condition Status "true" is not True`
	status.SetReady(o, metav1.ConditionTrue, status.ReasonFor(ok), "")              // want `condition Reason "Not Ready" does not match .* \(returned by status.ReasonFor\)`
}
