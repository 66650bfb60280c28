// Package selftrigger defines an Analyzer that reports a reconcile that writes a value
// which differs on every pass into its own object.
//
// # Analyzer selftrigger
//
// selftrigger: report fresh timestamps written to the reconciled object
//
// Every Update or Patch of an object, of its status or of its main resource, is a
// watch event, and the controller that watches the object (its For) reconciles it
// again. A reconcile that stores a value that differs on every call (metav1.Now(),
// time.Now(), a random string or a UUID, an incremented counter) into the reconciled
// object and writes it without first comparing the old and the new object writes on
// every pass: each write triggers the next reconcile, which writes again. The object
// reconciles in a hot loop as fast as the worker and the API server allow, its
// resourceVersion climbs, every other watcher of the kind receives the events, and
// concurrent writers hit conflicts.
//
// The analyzer reports, in functions reached from a reconcile entry point, an Update
// or Patch (client or Status()/SubResource() writer) of the reconciled object (the
// out-parameter of a Get whose key comes from the reconcile request, the object given
// to a helper of any package of the module that reads it so, as in
// r.fetch(ctx, req, &obj), or a parameter of the same type in a helper) after an assignment of such a value to a field, label or
// annotation of it (or an increment of one of its fields), when nothing guards the
// write. A write is guarded when it sits inside an if statement (a changed flag, the
// bool returned by meta.SetStatusCondition, a comparison of old and new), when an
// earlier if statement returns (the object is already up to date), or when the function
// compares with a DeepEqual or Equal call (equality.Semantic.DeepEqual, reflect.DeepEqual,
// cmp.Equal); ifs that only test an error or nil guard nothing. The write may be in a
// helper, of this package or another, that writes its argument unguarded
// (r.updateStatus(ctx, obj), kube.PatchStatus(ctx, c, obj), also through further
// helpers): the finding is then at the call of the helper, after the store, with the
// helpers in the chain. A helper that compares or writes only under a condition is a
// guarded write and is not followed. A helper that stores and writes in its own body
// is judged by its callers too: when every call of it is guarded in the same sense
// (or stands in a helper whose callers are), it runs only when a caller's condition
// holds, as a serial reserved while an instance is missing, and is not reported. Only
// an unexported helper that the package uses nowhere but in calls is judged by its
// callers: an exported one may be called from other packages, and a method value may
// be called from anywhere. A deferred write (defer r.updateStatus(ctx, obj))
// persists the stores made after the defer statement too.
//
// Event filters are judged per controller, from the wiring pass: the controllers whose
// reconcile entry point reaches the write, with the predicates of their For and their
// global event filters (WithEventFilter). A GenerationChangedPredicate, or a
// predicate.Funcs whose UpdateFunc reads the generation, drops the write's event when
// the write leaves metadata.generation alone: a change of labels or annotations, or of
// the status of a kind with the status subresource. A filter on another controller, or
// on an Owns or Watches, protects nothing. A kind without the status subresource is
// one whose Go type carries kubebuilder markers (+kubebuilder:object:root=true or a
// +kubebuilder:resource marker) but not +kubebuilder:subresource:status: its CRD
// stores the status as part of the object, so the API server bumps the generation on
// a status change like on a spec change, the filter lets the event through, and the
// finding says so. A kind without markers (the Kubernetes API types, types of other
// modules) is taken to have the subresource. When the wiring pass does not know the
// controllers (no controller seen for the entry point, because it is wired in a
// package that imports this one such as main, or through a chain the pass cannot
// follow), a generation filter in the package is taken to protect the write, as
// before, unless the package builds controllers and every chain of it was seen whole
// (the filter then belongs to one of them); a filter the pass cannot judge (a predicate from a parameter or
// another package) is taken to drop the event.
//
// Not reported: conditions set through meta.SetStatusCondition (their
// LastTransitionTime changes only with the status), values stored in other objects,
// writes whose events the controller's filters drop (above), and writes
// that drop the stored value: with the status subresource on (assumed unless the kind's
// markers leave it off), an Update or Patch of the main resource ignores status changes
// (the statusupdate rule reports the lost change) and a status write ignores labels and
// annotations, so such a write changes nothing and starts no reconcile.
//
// Bad:
//
//	obj.Status.LastReconciled = metav1.Now()
//	obj.Status.Ready = ready
//	return ctrl.Result{}, r.Status().Update(ctx, obj) // the update triggers the next pass
//
// Good:
//
//	before := obj.Status.DeepCopy()
//	obj.Status.Ready = ready
//	if !equality.Semantic.DeepEqual(before, &obj.Status) {
//		obj.Status.LastTransition = metav1.Now() // only when something changed
//		return ctrl.Result{}, r.Status().Update(ctx, obj)
//	}
//	return ctrl.Result{}, nil
package selftrigger
