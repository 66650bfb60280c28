package client

// DryRunAll sets the "dry run" option to "all".
var DryRunAll = dryRunAll{}

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(opts *CreateOptions)                       {}
func (dryRunAll) ApplyToUpdate(opts *UpdateOptions)                       {}
func (dryRunAll) ApplyToPatch(opts *PatchOptions)                         {}
func (dryRunAll) ApplyToApply(opts *ApplyOptions)                         {}
func (dryRunAll) ApplyToDelete(opts *DeleteOptions)                       {}
func (dryRunAll) ApplyToDeleteAllOf(opts *DeleteAllOfOptions)             {}
func (dryRunAll) ApplyToSubResourceCreate(opts *SubResourceCreateOptions) {}
func (dryRunAll) ApplyToSubResourceUpdate(opts *SubResourceUpdateOptions) {}
func (dryRunAll) ApplyToSubResourcePatch(opts *SubResourcePatchOptions)   {}
func (dryRunAll) ApplyToSubResourceApply(opts *SubResourceApplyOptions)   {}
