// Package v1 declares the custom resources of the wiring e2e module.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// BeaconStatus is the observed state of a Beacon.
type BeaconStatus struct {
	LastPing metav1.Time `json:"lastPing,omitempty"`
}

// Beacon pings an endpoint. Its CRD has no status subresource: the status is written
// with the main resource, and every such write bumps metadata.generation.
// +kubebuilder:object:root=true
type Beacon struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            BeaconStatus `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Beacon) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
