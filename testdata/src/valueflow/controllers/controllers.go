// Package controllers calls the helpers of package status: the values it passes are
// judged here, with the chain naming the helper.
package controllers

import (
	"strconv"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"valueflow/status"
)

const fieldManager = "my-operator"

func reconcile(o *status.Obj, err error, ok bool) {
	status.SetReady(o, metav1.ConditionTrue, "Ready", "fine")
	status.SetFailed(o, "Not Valid")
	status.SetReady(o, metav1.ConditionStatus(strconv.FormatBool(ok)), status.ReasonFor(ok), err.Error())
	status.SetFailed(o, status.Describe(err))
	status.SetFailed(o, status.Pass("Also Bad"))
	status.SetFailed(o, status.Computed("Ok"))
	status.Prefixed(o, "Fine")
	status.Prefixed(o, err.Error())
	_ = &status.Applier{Owner: fieldManager}
	a := status.Applier{}
	a.Owner = o.Name
}
