// Package v1 declares the module's custom resources, with the kubebuilder markers that
// controller-gen reads to build their CRDs.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// BackupSpec is the desired state of a backup.
type BackupSpec struct {
	Schedule string `json:"schedule"`
}

// BackupStatus is the observed state of a backup.
type BackupStatus struct {
	LastRun string `json:"lastRun,omitempty"`
}

// Backup is written with the status subresource enabled: an Update of the main
// resource drops status changes.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Backup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BackupSpec   `json:"spec,omitempty"`
	Status BackupStatus `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Backup) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Namespaced

// Snapshot's CRD leaves the status subresource off: status is an ordinary field of
// the resource, and an Update writes it.
type Snapshot struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BackupSpec   `json:"spec,omitempty"`
	Status BackupStatus `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Snapshot) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
