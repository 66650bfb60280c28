// Package types synthesizes package k8s.io/apimachinery/pkg/types for tests.
package types

// NamespacedName identifies an object by namespace and name.
type NamespacedName struct {
	Namespace string
	Name      string
}

// Separator separates namespace and name in String.
const Separator = '/'

// String returns "namespace/name".
func (n NamespacedName) String() string { return n.Namespace + string(Separator) + n.Name }

// UID is an object's unique identifier.
type UID string

// PatchType names a patch format.
type PatchType string

// Patch formats.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = ApplyYAMLPatchType
	ApplyYAMLPatchType      PatchType = "application/apply-patch+yaml"
)
