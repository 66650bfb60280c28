// Package api declares a custom resource for the selftrigger tests.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// ClockStatus is the observed state.
type ClockStatus struct {
	Ready          bool
	LastReconciled metav1.Time
	LastSeen       string
	Passes         int64
	Token          string
	Conditions     []metav1.Condition
}

// Clock is a custom resource.
type Clock struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClockStatus
}

// DeepCopy is generated.
func (in *Clock) DeepCopy() *Clock { out := *in; return &out }

// DeepCopyObject is generated.
func (in *Clock) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Tick is a custom resource whose markers leave the status subresource off: a write of
// the main resource persists its status.
// +kubebuilder:object:root=true
type Tick struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClockStatus
}

// DeepCopy is generated.
func (in *Tick) DeepCopy() *Tick { out := *in; return &out }

// DeepCopyObject is generated.
func (in *Tick) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Timer is a custom resource whose markers enable the status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Timer struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClockStatus
}

// DeepCopy is generated.
func (in *Timer) DeepCopy() *Timer { out := *in; return &out }

// DeepCopyObject is generated.
func (in *Timer) DeepCopyObject() runtime.Object { return in.DeepCopy() }
