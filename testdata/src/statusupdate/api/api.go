// Package api declares a custom resource for the statusupdate tests.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// WidgetSpec is the desired state.
type WidgetSpec struct {
	Paused   bool
	Replicas int32
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	Ready      bool
	Conditions []metav1.Condition
}

// Widget is a custom resource.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

// DeepCopy is generated.
func (in *Widget) DeepCopy() *Widget { out := *in; return &out }

// DeepCopyObject is generated.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// SetConditions is the generated-style setter of the status conditions.
func (in *Widget) SetConditions(c []metav1.Condition) { in.Status.Conditions = c }

// +kubebuilder:object:root=true

// Gadget is a custom resource whose CRD has no status subresource: its markers, in the
// group above the doc comment as kubebuilder writes them, do not enable it.
// +kubebuilder:printcolumn:name="ready",type="boolean",JSONPath=".status.ready"
type Gadget struct { // want Gadget:`no status subresource \(\+kubebuilder:object:root=true\)` Gadget:`^scope Namespaced$`
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

// DeepCopyObject is generated.
func (in *Gadget) DeepCopyObject() runtime.Object { out := *in; return &out }

// Gizmo is a custom resource with the status subresource.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gizmo struct { // want Gizmo:`^scope Namespaced$`
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

// DeepCopyObject is generated.
func (in *Gizmo) DeepCopyObject() runtime.Object { out := *in; return &out }
