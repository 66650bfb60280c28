// Package api declares custom resources for the ownerref tests.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Tenant is a namespaced custom resource (controller-gen's default scope).
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Tenant struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject is generated.
func (in *Tenant) DeepCopyObject() runtime.Object { out := *in; return &out }

// Realm is a cluster-scoped custom resource.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=rlm
// +kubebuilder:subresource:status
type Realm struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject is generated.
func (in *Realm) DeepCopyObject() runtime.Object { out := *in; return &out }

// Plain has no markers: its scope is unknown.
type Plain struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject is generated.
func (in *Plain) DeepCopyObject() runtime.Object { out := *in; return &out }
