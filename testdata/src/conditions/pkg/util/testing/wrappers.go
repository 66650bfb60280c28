// Package testing is a test-support package (jobset's pkg/util/testing): fixture
// builders in ordinary files, used only by tests. Nothing is reported here.
package testing

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Foo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status FooStatus
}

type FooStatus struct {
	Conditions []metav1.Condition
}

type FooWrapper struct{ Foo }

// CompletedCondition would be reported outside a test-support package: no
// ObservedGeneration while the generation of j is at hand.
func (j *FooWrapper) CompletedCondition(at metav1.Time) *FooWrapper {
	c := metav1.Condition{Type: "Completed", Status: metav1.ConditionTrue, LastTransitionTime: at}
	j.Status.Conditions = append(j.Status.Conditions, c)
	return j
}

// FailedCondition builds a reason from a message, which would be reported too.
func (j *FooWrapper) FailedCondition(msg string) *FooWrapper {
	j.Status.Conditions = append(j.Status.Conditions, metav1.Condition{Type: "Failed", Reason: "Failed: " + msg, ObservedGeneration: j.Generation})
	return j
}
