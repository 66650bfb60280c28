// Package metriclabels defines an Analyzer that reports Prometheus label values taken
// from object identity or error text.
//
// # Analyzer metriclabels
//
// metriclabels: report metric labels from object names or error text
//
// A Prometheus vector keeps one time series per distinct combination of label values,
// for the life of the process: client_golang never drops a child unless the code calls
// Delete or DeleteLabelValues. A label taken from an object's name, namespace or UID, or
// from the request key, adds a series for every object the controller ever saw, and a
// deleted object's series stays exported (and scraped, and stored) until the process
// restarts; with generated names or UIDs the count grows without bound. Error text is
// worse: messages carry names, UIDs and resource versions, so nearly every failure is a
// new series. The controller's memory and the monitoring system's load grow with churn,
// not with the size of the cluster. Use bounded labels (the controller, the kind, a
// result or a reason such as apierrors.ReasonForError) and put the identity into logs
// or events. A namespace alone is a milder case, reported with its own message: one
// series per namespace rather than per object, which still grows with namespace churn
// (per-team, per-branch or per-test namespaces) and keeps the series of deleted ones
// (found on KEDA v2.17.2, whose webhook counts validations by namespace).
//
// The analyzer reports, everywhere in the module except test code (metrics are
// usually recorded in helpers, not in Reconcile itself; test code includes
// test-support packages, as defined in docs/analyzers.md), the label values given to
// WithLabelValues, GetMetricWithLabelValues, With, GetMetricWith, CurryWith and
// MustCurryWith of client_golang's CounterVec, GaugeVec, HistogramVec, SummaryVec and
// ObserverVec when the value is:
//   - the Name, Namespace, UID or GenerateName field of metav1.ObjectMeta (also promoted
//     through an object), the Name or UID of an OwnerReference, the Name or Namespace of
//     types.NamespacedName or reconcile.Request;
//   - GetName(), GetNamespace(), GetUID() or GetGenerateName() of an object;
//   - String() of types.NamespacedName or reconcile.Request;
//   - Error() of an error;
//   - built from any of these with +, string conversions, fmt.Sprint/Sprintf/Sprintln
//     (also a request, UID or error passed to them directly) and the functions of
//     package strings, path and path/filepath, also through local variables assigned in
//     the same function.
//
// A vector on which the package also calls Delete, DeleteLabelValues, DeletePartialMatch
// or Reset (the same package-level variable or struct field) is not reported: its
// series are removed with the object, as cluster-api's cluster cache does. Deletes in
// another package are not seen.
//
// Label maps are followed when they are composite literals or local variables assigned
// one (with index assignments in the same function); label slices passed with "..." the
// same way. A value that arrives through a parameter of a helper is judged at the
// helper's calls, also from other packages (a metrics package whose helpers take a name
// and a namespace is reported at each call in the controllers, and the message names the
// helper); a value returned by a helper of the module (func key(o) string { return
// o.Namespace + "/" + o.Name }) counts as what its return statements carry. Calls
// through function values and interface methods are not followed.
//
// One call is one finding per kind of value: the name and the namespace given to one
// WithLabelValues (or to one helper such as jobset's metrics.JobSetFailed(name,
// namespace)) are one label set to change, reported once at the first of them; object
// identity and error text in the same call are two findings, because they are fixed
// differently.
//
// Bad:
//
//	reconcileErrors.WithLabelValues(req.Name, err.Error()).Inc()
//
// Good:
//
//	reconcileErrors.WithLabelValues("mykind", string(apierrors.ReasonForError(err))).Inc()
//	log.Error(err, "reconcile failed", "object", req.NamespacedName)
//
// The rule has no run-time consequence for the controller itself: reconciles, queues and
// writes are the same, and what grows is the metrics registry (one series per object,
// never deleted), which the reference runtime does not model, so the rule has no
// scenario there (docs/runtime.md).
package metriclabels
