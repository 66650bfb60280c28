// Package v1 synthesizes package k8s.io/apimachinery/pkg/apis/meta/v1 for tests.
package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Object is the subset of object-metadata accessors the tests need.
type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGenerateName() string
	SetGenerateName(name string)
	GetUID() types.UID
	SetUID(uid types.UID)
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetGeneration() int64
	SetGeneration(generation int64)
	GetCreationTimestamp() Time
	SetCreationTimestamp(timestamp Time)
	GetDeletionTimestamp() *Time
	SetDeletionTimestamp(timestamp *Time)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
}

// ListInterface is the subset of list-metadata accessors the tests need.
type ListInterface interface {
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetContinue() string
	SetContinue(c string)
}

// TypeMeta holds kind and API version.
type TypeMeta struct {
	Kind       string
	APIVersion string
}

// GetObjectKind returns the receiver.
func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return obj }

// SetGroupVersionKind is a stub.
func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {}

// GroupVersionKind is a stub.
func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind { return schema.GroupVersionKind{} }

// ListMeta holds list metadata.
type ListMeta struct {
	ResourceVersion string
	Continue        string
}

// GetResourceVersion returns ResourceVersion.
func (meta *ListMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion sets ResourceVersion.
func (meta *ListMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetContinue returns Continue.
func (meta *ListMeta) GetContinue() string { return meta.Continue }

// SetContinue sets Continue.
func (meta *ListMeta) SetContinue(c string) { meta.Continue = c }

// ObjectMeta holds object metadata.
type ObjectMeta struct {
	Name              string
	GenerateName      string
	Namespace         string
	UID               types.UID
	ResourceVersion   string
	Generation        int64
	CreationTimestamp Time
	DeletionTimestamp *Time
	Labels            map[string]string
	Annotations       map[string]string
	OwnerReferences   []OwnerReference
	Finalizers        []string
}

// GetObjectMeta returns the receiver.
func (obj *ObjectMeta) GetObjectMeta() Object { return obj }

// GetNamespace returns Namespace.
func (meta *ObjectMeta) GetNamespace() string { return meta.Namespace }

// SetNamespace sets Namespace.
func (meta *ObjectMeta) SetNamespace(namespace string) { meta.Namespace = namespace }

// GetName returns Name.
func (meta *ObjectMeta) GetName() string { return meta.Name }

// SetName sets Name.
func (meta *ObjectMeta) SetName(name string) { meta.Name = name }

// GetGenerateName returns GenerateName.
func (meta *ObjectMeta) GetGenerateName() string { return meta.GenerateName }

// SetGenerateName sets GenerateName.
func (meta *ObjectMeta) SetGenerateName(generateName string) { meta.GenerateName = generateName }

// GetUID returns UID.
func (meta *ObjectMeta) GetUID() types.UID { return meta.UID }

// SetUID sets UID.
func (meta *ObjectMeta) SetUID(uid types.UID) { meta.UID = uid }

// GetResourceVersion returns ResourceVersion.
func (meta *ObjectMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion sets ResourceVersion.
func (meta *ObjectMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetGeneration returns Generation.
func (meta *ObjectMeta) GetGeneration() int64 { return meta.Generation }

// SetGeneration sets Generation.
func (meta *ObjectMeta) SetGeneration(generation int64) { meta.Generation = generation }

// GetCreationTimestamp returns CreationTimestamp.
func (meta *ObjectMeta) GetCreationTimestamp() Time { return meta.CreationTimestamp }

// SetCreationTimestamp sets CreationTimestamp.
func (meta *ObjectMeta) SetCreationTimestamp(creationTimestamp Time) {
	meta.CreationTimestamp = creationTimestamp
}

// GetDeletionTimestamp returns DeletionTimestamp.
func (meta *ObjectMeta) GetDeletionTimestamp() *Time { return meta.DeletionTimestamp }

// SetDeletionTimestamp sets DeletionTimestamp.
func (meta *ObjectMeta) SetDeletionTimestamp(deletionTimestamp *Time) {
	meta.DeletionTimestamp = deletionTimestamp
}

// GetLabels returns Labels.
func (meta *ObjectMeta) GetLabels() map[string]string { return meta.Labels }

// SetLabels sets Labels.
func (meta *ObjectMeta) SetLabels(labels map[string]string) { meta.Labels = labels }

// GetAnnotations returns Annotations.
func (meta *ObjectMeta) GetAnnotations() map[string]string { return meta.Annotations }

// SetAnnotations sets Annotations.
func (meta *ObjectMeta) SetAnnotations(annotations map[string]string) {
	meta.Annotations = annotations
}

// GetFinalizers returns Finalizers.
func (meta *ObjectMeta) GetFinalizers() []string { return meta.Finalizers }

// SetFinalizers sets Finalizers.
func (meta *ObjectMeta) SetFinalizers(finalizers []string) { meta.Finalizers = finalizers }

// GetOwnerReferences returns OwnerReferences.
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference { return meta.OwnerReferences }

// SetOwnerReferences sets OwnerReferences.
func (meta *ObjectMeta) SetOwnerReferences(references []OwnerReference) {
	meta.OwnerReferences = references
}

// OwnerReference points at an owning object.
type OwnerReference struct {
	APIVersion         string
	Kind               string
	Name               string
	UID                types.UID
	Controller         *bool
	BlockOwnerDeletion *bool
}

// Time wraps time.Time.
type Time struct {
	time.Time
}

// NewTime wraps t.
func NewTime(t time.Time) Time { return Time{t} }

// Now returns the current time.
func Now() Time { return Time{time.Now()} }

// ConditionStatus is the status of a condition.
type ConditionStatus string

// Condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// Condition is one status condition.
type Condition struct {
	Type               string
	Status             ConditionStatus
	ObservedGeneration int64
	LastTransitionTime Time
	Reason             string
	Message            string
}

// UpdateOptions are the options of an update.
type UpdateOptions struct {
	TypeMeta     `json:",inline"`
	DryRun       []string `json:"dryRun,omitempty" protobuf:"bytes,1,rep,name=dryRun"`
	FieldManager string   `json:"fieldManager,omitempty" protobuf:"bytes,2,name=fieldManager"`
}

// GetOptions are the options of a get.
type GetOptions struct {
	TypeMeta        `json:",inline"`
	ResourceVersion string `json:"resourceVersion,omitempty" protobuf:"bytes,1,opt,name=resourceVersion"`
}
