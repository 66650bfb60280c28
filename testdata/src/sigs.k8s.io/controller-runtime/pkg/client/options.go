package client

import "k8s.io/apimachinery/pkg/runtime"

// CreateOption configures a Create.
type CreateOption interface {
	ApplyToCreate(*CreateOptions)
}

// DeleteOption configures a Delete.
type DeleteOption interface {
	ApplyToDelete(*DeleteOptions)
}

// GetOption configures a Get.
type GetOption interface {
	ApplyToGet(*GetOptions)
}

// ListOption configures a List.
type ListOption interface {
	ApplyToList(*ListOptions)
}

// UpdateOption configures an Update.
type UpdateOption interface {
	ApplyToUpdate(*UpdateOptions)
}

// PatchOption configures a Patch.
type PatchOption interface {
	ApplyToPatch(*PatchOptions)
}

// ApplyOption configures an Apply.
type ApplyOption interface {
	ApplyToApply(*ApplyOptions)
}

// DeleteAllOfOption configures a DeleteAllOf.
type DeleteAllOfOption interface {
	ApplyToDeleteAllOf(*DeleteAllOfOptions)
}

// SubResourceGetOption configures a subresource Get.
type SubResourceGetOption interface {
	ApplyToSubResourceGet(*SubResourceGetOptions)
}

// SubResourceUpdateOption configures a subresource Update.
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}

// SubResourceCreateOption configures a subresource Create.
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}

// SubResourcePatchOption configures a subresource Patch.
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

// SubResourceApplyOption configures a subresource Apply.
type SubResourceApplyOption interface {
	ApplyToSubResourceApply(*SubResourceApplyOptions)
}

// CreateOptions holds Create options.
type CreateOptions struct {
	DryRun       []string
	FieldManager string
}

// ApplyToCreate is a stub.
func (o *CreateOptions) ApplyToCreate(co *CreateOptions) {}

// DeleteOptions holds Delete options.
type DeleteOptions struct {
	DryRun []string
}

// ApplyToDelete is a stub.
func (o *DeleteOptions) ApplyToDelete(do *DeleteOptions) {}

// GetOptions holds Get options.
type GetOptions struct{}

// ApplyToGet is a stub.
func (o *GetOptions) ApplyToGet(lo *GetOptions) {}

// ListOptions holds List options.
type ListOptions struct {
	Namespace string
	Limit     int64
	Continue  string
}

// ApplyToList is a stub.
func (o *ListOptions) ApplyToList(lo *ListOptions) {}

// UpdateOptions holds Update options.
type UpdateOptions struct {
	DryRun       []string
	FieldManager string
}

// ApplyToUpdate is a stub.
func (o *UpdateOptions) ApplyToUpdate(uo *UpdateOptions) {}

// PatchOptions holds Patch options.
type PatchOptions struct {
	DryRun       []string
	Force        *bool
	FieldManager string
}

// ApplyToPatch is a stub.
func (o *PatchOptions) ApplyToPatch(po *PatchOptions) {}

// ApplyOptions holds Apply options.
type ApplyOptions struct {
	DryRun       []string
	Force        *bool
	FieldManager string
}

// ApplyToApply is a stub.
func (o *ApplyOptions) ApplyToApply(opts *ApplyOptions) {}

// DeleteAllOfOptions holds DeleteAllOf options.
type DeleteAllOfOptions struct {
	ListOptions
	DeleteOptions
}

// ApplyToDeleteAllOf is a stub.
func (o *DeleteAllOfOptions) ApplyToDeleteAllOf(do *DeleteAllOfOptions) {}

// SubResourceGetOptions holds subresource Get options.
type SubResourceGetOptions struct{}

// SubResourceUpdateOptions holds subresource Update options.
type SubResourceUpdateOptions struct {
	UpdateOptions
	SubResourceBody Object
}

// SubResourceCreateOptions holds subresource Create options.
type SubResourceCreateOptions struct {
	CreateOptions
}

// SubResourcePatchOptions holds subresource Patch options.
type SubResourcePatchOptions struct {
	PatchOptions
	SubResourceBody Object
}

// SubResourceApplyOptions holds subresource Apply options.
type SubResourceApplyOptions struct {
	ApplyOptions
	SubResourceBody runtime.ApplyConfiguration
}

// FieldOwner sets the field manager.
type FieldOwner string

// ApplyToPatch is a stub.
func (f FieldOwner) ApplyToPatch(opts *PatchOptions) {}

// ApplyToCreate is a stub.
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) {}

// ApplyToUpdate is a stub.
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) {}

// ApplyToApply is a stub.
func (f FieldOwner) ApplyToApply(opts *ApplyOptions) {}

// ApplyToSubResourcePatch is a stub.
func (f FieldOwner) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {}

// ApplyToSubResourceCreate is a stub.
func (f FieldOwner) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {}

// ApplyToSubResourceUpdate is a stub.
func (f FieldOwner) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {}

// ApplyToSubResourceApply is a stub.
func (f FieldOwner) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {}

// ForceOwnership forces field ownership on apply.
var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(opts *PatchOptions)                       {}
func (forceOwnership) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {}
func (forceOwnership) ApplyToApply(opts *ApplyOptions)                       {}
func (forceOwnership) ApplyToSubResourceApply(opts *SubResourceApplyOptions) {}

// InNamespace restricts a List to a namespace.
type InNamespace string

// ApplyToList is a stub.
func (n InNamespace) ApplyToList(opts *ListOptions) {}

// ApplyToDeleteAllOf is a stub.
func (n InNamespace) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

// MatchingLabels restricts a List by labels.
type MatchingLabels map[string]string

// ApplyToList is a stub.
func (m MatchingLabels) ApplyToList(opts *ListOptions) {}

// ApplyToDeleteAllOf is a stub.
func (m MatchingLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}
