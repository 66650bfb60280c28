// Package statusupdate defines an Analyzer that reports status changes written only
// through the main resource.
//
// # Analyzer statusupdate
//
// statusupdate: report status changes written without the subresource
//
// When a resource has the status subresource enabled (every built-in type with a status,
// and CRDs with subresources.status, the kubebuilder default), the API server ignores
// .status in Update and Patch of the main resource, and ignores everything but .status
// in Status().Update and Status().Patch. A controller that changes obj.Status and then
// calls only r.Update(ctx, obj) or r.Patch(ctx, obj, ...) gets a successful response,
// and the status change is silently dropped (the response even overwrites obj.Status
// with the stored value): conditions never appear, observedGeneration never moves.
//
// The analyzer reports, everywhere (a lost write is lost wherever it is made), a
// Writer Update or Patch of an object reached, on some path of the function's control
// flow, from a change of its status without a status write of that object in between
// (Status() or SubResource() writers; a deferred one covers the whole function). A
// later status write does not save the change: the response of the main write has
// already replaced obj.Status with the stored status. A change of status is an
// assignment, ++ or -- to a part of x.Status, a pointer into x.Status passed to a call
// (meta.SetStatusCondition(&x.Status.Conditions, c)), or a call of a function of the
// module that changes the status of an argument (known from the statusmut pass, also
// across packages). The object types are recognised by type: a named struct with a
// Status field whose pointer is a runtime.Object and a metav1.Object. Passing the object
// to a function of the module that may write (for example cluster-api's patch helper,
// which patches both the object and its status) ends the search on that path: such a
// write is not an Update of the main resource. A Get into the object or a reassignment
// of the variable ends it too.
//
// Also reported: a status change of the object inside the mutate function literal of
// controllerutil.CreateOrUpdate (or ctrl.CreateOrUpdate), once per call, at the first
// change. CreateOrUpdate writes the mutated object with Update of the main resource, so
// the change is dropped the same way. controllerutil.CreateOrPatch is not reported: it
// patches the main resource and then, when the status differs, the status subresource.
//
// The rule assumes the status subresource is enabled, except for a type declared in a
// package of the module (one analysed from source) whose kubebuilder markers, in its doc
// comment or the comment group just above it, include some "+kubebuilder:" marker but
// not +kubebuilder:subresource:status: controller-gen then builds a CRD without the
// subresource, Update and Patch persist .status, and nothing is reported. A type
// without any kubebuilder marker (a hand-written CRD may enable the subresource) and a
// type from a package loaded from export data are checked as before.
//
// Bad:
//
//	meta.SetStatusCondition(&app.Status.Conditions, readyCondition)
//	controllerutil.AddFinalizer(app, finalizer)
//	if err := r.Update(ctx, app); err != nil { // writes the finalizer, drops the condition
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	controllerutil.AddFinalizer(app, finalizer)
//	if err := r.Update(ctx, app); err != nil {
//		return ctrl.Result{}, err
//	}
//	meta.SetStatusCondition(&app.Status.Conditions, readyCondition)
//	if err := r.Status().Update(ctx, app); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Also good, a kind whose markers leave the status subresource off:
//
//	// +kubebuilder:object:root=true
//
//	// Job is a custom resource whose CRD has no status subresource.
//	type Job struct { ... }
//
//	job.Status.LastRun = now
//	if err := r.Update(ctx, job); err != nil { // writes spec and status
//		return ctrl.Result{}, err
//	}
//
// Bad (CreateOrUpdate writes with Update):
//
//	controllerutil.CreateOrUpdate(ctx, r.Client, app, func() error {
//		app.Spec.Replicas = 3
//		app.Status.Phase = "Ready" // lost
//		return nil
//	})
//
// Good (CreateOrPatch also patches the status subresource):
//
//	controllerutil.CreateOrPatch(ctx, r.Client, app, func() error {
//		app.Spec.Replicas = 3
//		app.Status.Phase = "Ready"
//		return nil
//	})
package statusupdate
