// Package v1alpha1 holds the Widget API.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Condition types and reasons of a Widget.
const (
	ConditionReady = "Ready"

	ReasonReconciled     = "Reconciled"
	ReasonConfigNotFound = "ConfigNotFound"
	ReasonApplyFailed    = "Apply failed" // not a valid reason: the API rejects it
)

// Widget is a custom resource.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	ConfigName string `json:"configName"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	out := *w
	out.ObjectMeta = *w.ObjectMeta.DeepCopy()
	out.Status.Conditions = append([]metav1.Condition(nil), w.Status.Conditions...)
	return &out
}
