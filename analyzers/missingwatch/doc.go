// Package missingwatch defines an Analyzer that reports polls of in-cluster objects the
// controller does not watch.
//
// # Analyzer missingwatch
//
// missingwatch: report polls of kinds the controller does not watch
//
// A controller hears of an object's change only through its watches: the For kind,
// the kinds it Owns, and those it Watches. When Reconcile reads an object of another
// kind from the cluster, tests its state and returns a Result with RequeueAfter to
// look again, the controller polls something it could be told about: its changes
// reach the controller only at the next poll, or at the informer resync (10 hours by
// default), and every poll is a reconcile whether anything changed or not. The fix is
// a watch: Owns(&K{}) for children with a controller reference, or Watches(&K{},
// handler.EnqueueRequestsFromMapFunc(...)) mapping the object back to the requests
// that depend on it.
//
// The analyzer reports the return of a Result with a non-zero RequeueAfter inside an
// if statement whose condition reads an object that a client Get or List of the same
// function filled, when the object's kind is not watched by any controller that runs
// the function. Kinds are compared by Go type. The report names the kind and the line
// of the read.
//
// Not reported: kinds the controller watches (For, Owns, Watches, controller.New's
// Watch calls, with any handler); reads of external systems (not a client Get or
// List); reads used as configuration, with no poll after them; objects of an
// interface or unstructured type; and controllers the wiring pass does not fully
// know (no controller seen for the reconciler, as when it is wired in main, or a
// chain it cannot follow, or a watch of a kind it cannot name).
//
// Bad:
//
//	// SetupWithManager: For(&appv1.App{}).Complete(r): Deployments are not watched
//	var dep appsv1.Deployment
//	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Spec.Deployment}, &dep); err != nil {
//		return ctrl.Result{}, err
//	}
//	if dep.Status.AvailableReplicas < *dep.Spec.Replicas {
//		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // polls: a watch would say when
//	}
//
// Good:
//
//	// SetupWithManager:
//	//	For(&appv1.App{}).
//	//	Watches(&appsv1.Deployment{}, handler.EnqueueRequestsFromMapFunc(r.appsForDeployment))
//	if dep.Status.AvailableReplicas < *dep.Spec.Replicas {
//		return ctrl.Result{}, nil // the Deployment's next status change reconciles the App
//	}
package missingwatch
