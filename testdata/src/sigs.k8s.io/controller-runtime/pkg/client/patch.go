package client

import "k8s.io/apimachinery/pkg/types"

var (
	// Apply is the server-side apply patch.
	Apply Patch = applyPatch{}

	// Merge is the JSON merge patch.
	Merge Patch = mergePatch{}
)

type applyPatch struct{}

func (applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }

type mergePatch struct{}

func (mergePatch) Type() types.PatchType           { return types.MergePatchType }
func (mergePatch) Data(obj Object) ([]byte, error) { return nil, nil }

// RawPatch is a stub.
func RawPatch(patchType types.PatchType, data []byte) Patch { return mergePatch{} }

// MergeFromOption configures a merge-from patch.
type MergeFromOption interface {
	ApplyToMergeFrom(*MergeFromOptions)
}

// MergeFromOptions holds merge-from options.
type MergeFromOptions struct {
	OptimisticLock bool
}

// MergeFromWithOptimisticLock adds the resource version to the patch.
type MergeFromWithOptimisticLock struct{}

// ApplyToMergeFrom is a stub.
func (m MergeFromWithOptimisticLock) ApplyToMergeFrom(in *MergeFromOptions) {}

// MergeFrom is a stub.
func MergeFrom(obj Object) Patch { return mergePatch{} }

// MergeFromWithOptions is a stub.
func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch { return mergePatch{} }

// StrategicMergeFrom is a stub.
func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch { return mergePatch{} }
