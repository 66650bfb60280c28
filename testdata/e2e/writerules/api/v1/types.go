// Package v1 declares the custom resource of the write-rules module.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// SiteSpec is the desired state of a site.
type SiteSpec struct {
	Bucket string `json:"bucket"`
}

// Event is one entry of a site's history.
type Event struct {
	Reason string      `json:"reason"`
	Time   metav1.Time `json:"time"`
}

// SiteStatus is the observed state of a site.
type SiteStatus struct {
	History    []Event            `json:"history,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Site is served with the status subresource.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Site struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SiteSpec   `json:"spec,omitempty"`
	Status SiteStatus `json:"status,omitempty"`
}

// DeepCopyInto copies the receiver into out.
func (in *Site) DeepCopyInto(out *Site) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.History = append([]Event(nil), in.Status.History...)
	out.Status.Conditions = append([]metav1.Condition(nil), in.Status.Conditions...)
}

// DeepCopy copies the receiver.
func (in *Site) DeepCopy() *Site {
	out := new(Site)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Site) DeepCopyObject() runtime.Object { return in.DeepCopy() }
