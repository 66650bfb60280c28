// Package v1 synthesizes package k8s.io/api/core/v1 for tests.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// ConfigMap holds configuration data.
type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Immutable  *bool
	Data       map[string]string
	BinaryData map[string][]byte
}

// DeepCopy is a stub.
func (in *ConfigMap) DeepCopy() *ConfigMap { return &ConfigMap{} }

// DeepCopyObject is a stub.
func (in *ConfigMap) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// ConfigMapList is a list of ConfigMaps.
type ConfigMapList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []ConfigMap
}

// DeepCopy is a stub.
func (in *ConfigMapList) DeepCopy() *ConfigMapList { return &ConfigMapList{} }

// DeepCopyObject is a stub.
func (in *ConfigMapList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// SecretType names a kind of Secret.
type SecretType string

// SecretTypeOpaque is the default SecretType.
const SecretTypeOpaque SecretType = "Opaque"

// Secret holds secret data.
type Secret struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Immutable  *bool
	Data       map[string][]byte
	StringData map[string]string
	Type       SecretType
}

// DeepCopy is a stub.
func (in *Secret) DeepCopy() *Secret { return &Secret{} }

// DeepCopyObject is a stub.
func (in *Secret) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Pod is a pod.
type Pod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PodSpec
	Status PodStatus
}

// DeepCopy is a stub.
func (in *Pod) DeepCopy() *Pod { return &Pod{} }

// DeepCopyObject is a stub.
func (in *Pod) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// PodList is a list of Pods.
type PodList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Pod
}

// DeepCopy is a stub.
func (in *PodList) DeepCopy() *PodList { return &PodList{} }

// DeepCopyObject is a stub.
func (in *PodList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// PodSpec describes a pod (subset of fields).
type PodSpec struct {
	Containers []Container
	NodeName   string
}

// Container describes a container (subset of fields).
type Container struct {
	Name  string
	Image string
}

// PodPhase is a pod's lifecycle phase.
type PodPhase string

// Pod phases.
const (
	PodPending   PodPhase = "Pending"
	PodRunning   PodPhase = "Running"
	PodSucceeded PodPhase = "Succeeded"
	PodFailed    PodPhase = "Failed"
	PodUnknown   PodPhase = "Unknown"
)

// ConditionStatus is a condition's status.
type ConditionStatus string

// Condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// PodConditionType names a pod condition.
type PodConditionType string

// PodCondition is one pod condition.
type PodCondition struct {
	Type               PodConditionType
	ObservedGeneration int64
	Status             ConditionStatus
	LastProbeTime      metav1.Time
	LastTransitionTime metav1.Time
	Reason             string
	Message            string
}

// PodStatus is a pod's observed state (subset of fields).
type PodStatus struct {
	ObservedGeneration int64
	Phase              PodPhase
	Conditions         []PodCondition
	Message            string
	Reason             string
	PodIP              string
	StartTime          *metav1.Time
}

// Namespace is a cluster-scoped namespace (subset of fields).
type Namespace struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopy is a stub.
func (in *Namespace) DeepCopy() *Namespace { return &Namespace{} }

// DeepCopyObject is a stub.
func (in *Namespace) DeepCopyObject() runtime.Object { return in.DeepCopy() }
