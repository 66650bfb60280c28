// Package meta synthesizes package k8s.io/apimachinery/pkg/api/meta for tests.
package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// SetStatusCondition is a stub.
func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

// RemoveStatusCondition is a stub.
func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

// FindStatusCondition is a stub.
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	return nil
}

// IsStatusConditionTrue is a stub.
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool { return false }

// IsStatusConditionFalse is a stub.
func IsStatusConditionFalse(conditions []metav1.Condition, conditionType string) bool { return false }
