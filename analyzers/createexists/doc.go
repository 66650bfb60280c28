// Package createexists defines an Analyzer that reports a Create whose AlreadyExists
// error fails the reconcile, and a Create by GenerateName that nothing looks up first.
//
// # Analyzer createexists
//
// createexists: report Create that fails on AlreadyExists or duplicates
//
// A reconcile runs again and again for the same object, and nothing says that the
// previous pass got as far as its last line. A Create of a child with a fixed name
// whose error is returned as a failure, with no Get of the child before it, succeeds
// once: from the next pass on, the API server answers AlreadyExists, the reconcile
// returns the error, and the key backs off towards 16 minutes, forever, without
// reaching the code after the Create. A Create of a child named by GenerateName never
// fails that way, and so does worse: every pass that reaches it makes one more child
// (a retry after a failed status write, a pass on a cache that has not yet seen the
// child created a moment ago), and they are never collected.
//
// The analyzer reports, in functions reached from a reconcile entry point:
//   - a client Create of an object with a fixed name whose error the function returns
//     (directly, wrapped, or through a variable; the value-flow pass's error sources),
//     when neither that function nor a function on the way from a caller in the package
//     tells AlreadyExists apart (apierrors.IsAlreadyExists, client.IgnoreAlreadyExists,
//     a helper whose name says AlreadyExists, metav1.StatusReasonAlreadyExists) and
//     nothing before the Create looks the object up: a Get into an object of the same
//     type, a List of the type, or a helper of the module that returns the error of a
//     Get or an object it read, in the function or, before the call, in a caller;
//   - a client Create of an object whose ObjectMeta sets GenerateName and not Name
//     (in its literal, by assignment or by SetGenerateName), when no List of the type
//     comes before it in the function or in a caller.
//
// Not reported: a Create after a NotFound Get (the usual shape), Creates whose
// AlreadyExists is handled or ignored, controllerutil.CreateOrUpdate and CreateOrPatch,
// Creates of kinds that are never stored (SubjectAccessReview, TokenReview,
// TokenRequest, Eviction), and Creates whose error is only logged (droppederr judges
// those).
//
// Bad:
//
//	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name + "-config", Namespace: app.Namespace}}
//	if err := r.Create(ctx, cm); err != nil {
//		return ctrl.Result{}, err // AlreadyExists on every pass after the first
//	}
//
// Good:
//
//	if err := r.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
//		return ctrl.Result{}, err
//	}
//
// Bad (a new Job on every pass that reaches this line):
//
//	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: app.Name + "-backup-", Namespace: app.Namespace}}
//	if err := r.Create(ctx, job); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good (look for the child first):
//
//	var jobs batchv1.JobList
//	if err := r.List(ctx, &jobs, client.InNamespace(app.Namespace), client.MatchingLabels{"app": app.Name}); err != nil {
//		return ctrl.Result{}, err
//	}
//	if len(jobs.Items) == 0 {
//		if err := r.Create(ctx, job); err != nil {
//			return ctrl.Result{}, err
//		}
//	}
package createexists
