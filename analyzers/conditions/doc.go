// Package conditions defines an Analyzer that reports metav1.Condition values the API
// server rejects or that hide which generation they describe.
//
// # Analyzer conditions
//
// conditions: report malformed status conditions
//
// The API server validates every metav1.Condition written to a status: Type must be a
// qualified name (CamelCase by convention, such as Ready), Reason must be non-empty and
// match ^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$, and one bad condition makes the whole
// status write fail with 422 Invalid; the controller then retries forever and the status
// never changes. Error text never matches that pattern (spaces, dots, quotes) and
// changes with every failure, so a Reason taken from err.Error() both breaks the write
// and defeats the point of a reason (a small set of machine-readable values). A
// condition without ObservedGeneration, written by a controller that has the object at
// hand, leaves clients (kubectl wait, GitOps tools, other controllers) unable to tell
// whether Ready=True describes the spec they just applied or an older one.
//
// The analyzer reports, everywhere in the module except test code (conditions are
// built in helpers, not only in Reconcile; test code includes test-support packages
// such as pkg/util/testing, as defined in docs/analyzers.md):
//   - the Type or Reason of a metav1.Condition (a composite literal, or an assignment to
//     cond.Type / cond.Reason) that comes from error text: err.Error(), an error passed
//     to fmt.Sprint*/Sprintf or a function of package strings, or a concatenation with
//     one;
//   - a Type or Reason built at run time: a concatenation with a non-constant part,
//     fmt.Sprint*, a function of package strings, also through a local variable;
//   - a constant Type or Reason that the API rejects (empty, too long, or not matching
//     the pattern), also a constant assigned to a local variable used as the value (an
//     empty initial value that other assignments overwrite is a placeholder, not a
//     finding);
//   - a constant Status other than True, False and Unknown ("true", "Ready"; also the
//     values of strconv.FormatBool): the API's enum is case-sensitive and the write is
//     rejected;
//   - a condition literal passed to meta.SetStatusCondition without a Type or a Reason;
//   - a condition literal passed to meta.SetStatusCondition or appended to a
//     []metav1.Condition without ObservedGeneration, when the generation is at hand: the
//     list is a field of an API object (&obj.Status.Conditions), or a parameter, the
//     receiver or a local variable in scope is an API object (its type has GetGeneration
//     and GetUID). A literal that reaches those calls through a local variable is
//     followed, and a later cond.ObservedGeneration = ... counts as setting it. Not
//     reported when the same function sets the ObservedGeneration of the status that
//     holds the list (obj.Status.ObservedGeneration next to &obj.Status.Conditions):
//     the status then records the generation it describes, and kubectl wait reads it
//     when a condition has none.
//
// A value that is a parameter of the enclosing function is judged at the calls of that
// function, also from other packages: a Reason passed in package controllers to a helper
// of package status that sets the condition is reported at the call in controllers, and
// the message names the helper. The same holds for a closure (`setReady := func(reason
// string) {...}`, judged at each `setReady(...)`) and for a function or method value
// assigned once to a local variable. A value returned by a helper of the module is what
// its return statements carry (a constant, error text). Not judged: a value read from a
// struct field or a map, a package-level variable that is assigned somewhere, a value
// returned by a function outside the module other than those of fmt and strings (such as
// apierrors.ReasonForError), a call through an interface method or through a function
// value that comes from a parameter or a field. A condition literal handed to any other function, such as
// cluster-api's conditions.Set, is not checked for ObservedGeneration: such setters
// usually fill it in from the object they receive.
//
// Bad:
//
//	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
//		Type:    "Ready",
//		Status:  metav1.ConditionFalse,
//		Reason:  err.Error(), // rejected: "failed to get secret \"db\": not found"
//		Message: "reconcile failed",
//	})
//
// Good:
//
//	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
//		Type:               "Ready",
//		Status:             metav1.ConditionFalse,
//		ObservedGeneration: obj.Generation,
//		Reason:             "SecretNotFound",
//		Message:            err.Error(),
//	})
package conditions
