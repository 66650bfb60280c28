// Package v1 synthesizes package k8s.io/api/apps/v1 for tests.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Deployment runs replicated pods.
type Deployment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   DeploymentSpec
	Status DeploymentStatus
}

// DeploymentSpec is the desired state of a Deployment.
type DeploymentSpec struct {
	Replicas *int32
}

// DeploymentStatus is the observed state of a Deployment.
type DeploymentStatus struct {
	ObservedGeneration int64
	Replicas           int32
	ReadyReplicas      int32
	AvailableReplicas  int32
}

// DeepCopy is a stub.
func (in *Deployment) DeepCopy() *Deployment { return &Deployment{} }

// DeepCopyObject is a stub.
func (in *Deployment) DeepCopyObject() runtime.Object { return in.DeepCopy() }
