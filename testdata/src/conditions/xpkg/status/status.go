// Package status sets conditions for package controllers: values passed in are judged
// at the calls there.
package status

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Obj struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Conditions []metav1.Condition
}

func SetReady(o *Obj, status metav1.ConditionStatus, reason, message string) {
	meta.SetStatusCondition(&o.Conditions, metav1.Condition{Type: "Ready", Status: status, Reason: reason, Message: message, ObservedGeneration: o.Generation})
}

func ReasonFor(ok bool) string {
	if ok {
		return "Ready"
	}
	return "Not Ready"
}
