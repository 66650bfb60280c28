// Package applyowner defines an Analyzer that reports server-side apply calls without a
// stable field owner, or with forced ownership.
//
// # Analyzer applyowner
//
// applyowner: report server-side apply without a stable field owner
//
// Server-side apply records, for every field, the field manager that set it. An apply
// request that names no manager is rejected by the API server ("fieldManager: Required
// value: is required for apply patch"), so the controller fails on every reconcile. A
// manager name that changes (taken from the object, a counter, the pod name) splits the
// ownership: the fields applied under the old name stay owned by it, are never removed
// when the controller stops setting them, and conflict with the new name.
//
// The analyzer reports, everywhere in the module except test code (not only in
// Reconcile paths: apply calls are usually made by helpers, and every apply needs a
// manager; test code includes test-support packages, as defined in
// docs/analyzers.md):
//   - Patch with client.Apply, and Apply of client.Writer and client.SubResourceWriter
//     (Status(), SubResource(...)), also through a concrete client type, with no
//     client.FieldOwner option and no client.PatchOptions/ApplyOptions literal with a
//     FieldManager (not reported when the option config clientFieldOwner says the
//     clients are built with client.Options.FieldOwner or client.WithFieldOwner);
//   - a field owner that is the empty string;
//   - a field owner that is not a constant: a constant, a local variable whose every
//     assignment is a constant, and a package-level variable initialised with a constant
//     and never assigned are constants, and so is the result of a helper of the module
//     whose every return is a constant. A parameter of the enclosing function is judged
//     at the calls of the function, also from other packages (the argument is reported
//     there, and the message names the helper). A struct field (r.FieldManager) is
//     judged at the stores into it, in every package of the module that sets it (a
//     composite literal in main, an assignment): a constant stored there is a constant
//     owner, and a non-constant store is reported where it is stored. An unexported
//     field that its package never stores into is reported at the apply;
//   - with the option reportForceOwnership, client.ForceOwnership or
//     PatchOptions{Force: ...}, unless the package is listed in allowForceOwnership (see
//     Forced ownership below).
//
// Options passed as a slice (opts...) are followed when the slice is a local variable
// built in the same function from a composite literal and appends of single elements.
// When an option cannot be seen through (a slice from a parameter or a call, an option
// of another package, an interface value), a missing owner is not reported.
//
// Forced ownership. ForceOwnership turns every conflict with another manager (a user's
// kubectl apply, an autoscaler setting replicas, another controller) into a silent
// takeover: the two managers then overwrite each other on every reconcile instead of
// failing with a conflict that somebody sees. It is not reported by default: the
// Kubernetes server-side apply documentation recommends that controllers force
// conflicts on the fields they own, and operators do so deliberately (cluster-api, 4
// forced applies, all intended), so a default finding would mostly be noise. Where other
// managers are expected to own some of the applied fields, turn the check on with
// reportForceOwnership: true, and list in allowForceOwnership the packages whose
// forcing is a decision (a migration of ownership, fields the controller owns alone):
// the decision is then written down, per package, in the configuration.
//
// Bad:
//
//	err := r.Patch(ctx, deploy, client.Apply)                              // rejected: no field manager
//	err := r.Patch(ctx, deploy, client.Apply, client.FieldOwner(obj.Name)) // owner changes per object
//
// Good:
//
//	const fieldOwner = client.FieldOwner("my-operator")
//
//	err := r.Patch(ctx, deploy, client.Apply, fieldOwner)
//	err := r.Status().Apply(ctx, ac, fieldOwner)
//
// Bad, with reportForceOwnership: true (takes the fields from other managers):
//
//	err := r.Status().Apply(ctx, ac, fieldOwner, client.ForceOwnership)
package applyowner
