// Package testrun is a controller for a TestRun kind: a name that starts with "test" is
// not test support, and a call of testing.Testing does not make a package test code.
package testrun

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type TestRun struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status TestRunStatus
}

type TestRunStatus struct {
	Conditions []metav1.Condition
}

func setReady(obj *TestRun) {
	if testing.Testing() {
		return
	}
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: "Ready", Reason: "Ready"}) // want `condition without ObservedGeneration while the generation of obj is at hand`
}
