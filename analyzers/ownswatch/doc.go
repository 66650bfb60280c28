// Package ownswatch defines an Analyzer that reports owner references that the
// controller's watches do not follow.
//
// # Analyzer ownswatch
//
// ownswatch: report owner references the controller's watches ignore
//
// A controller learns that a child object changed only through a watch. Owns(&K{})
// watches K with an EnqueueRequestForOwner that, unless the option
// builder.MatchEveryOwner is given, maps only the controller owner reference (the one
// SetControllerReference writes, Controller: true) back to the owner's request. Two
// mistakes follow:
//
//   - controllerutil.SetOwnerReference (a plain owner reference, Controller unset) on a
//     child of kind K while the controller Owns(K) without builder.MatchEveryOwner: the
//     child's events are dropped by the handler, so its changes and its deletion never
//     requeue the owner. The garbage collector still deletes the child with its owner;
//     only the watch is blind.
//   - SetControllerReference (controllerutil's, or ctrl.SetControllerReference) on a
//     child of a kind the controller neither Owns nor Watches: someone else's edit of
//     the child (drift) or its deletion goes unnoticed until the owner itself changes,
//     or until the informer's resync (10 hours by default).
//
// The analyzer reports the Set...Reference call, in code reached from a reconcile
// entry point, when the wiring pass knows every controller that runs it (the builder
// chain or controller.New and its Watch calls, followed through helpers) and all of
// them make the mistake. Nothing is reported when the child's kind is not a concrete
// type (an interface or unstructured object), when the owner is of another kind than
// the one the controller reconciles, when any watch of the controller has a kind the
// pass cannot name, or when the controller's wiring is not seen (built in a package
// that imports this one, like main, or through a chain the pass cannot follow). A kind
// watched with Watches and any handler (a map function, EnqueueRequestForOwner of
// every owner) counts as watched.
//
// Bad:
//
//	// SetupWithManager: For(&appv1.App{}).Owns(&corev1.ConfigMap{})
//	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
//	if err := controllerutil.SetOwnerReference(&app, cm, r.Scheme); err != nil { // Owns ignores it
//		return ctrl.Result{}, err
//	}
//
// Bad:
//
//	// SetupWithManager: For(&appv1.App{}).Complete(r): Services are not watched
//	if err := ctrl.SetControllerReference(&app, svc, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	// SetupWithManager: For(&appv1.App{}).Owns(&corev1.ConfigMap{}).Owns(&corev1.Service{})
//	if err := controllerutil.SetControllerReference(&app, cm, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good (several owners share the child):
//
//	// SetupWithManager: For(&appv1.App{}).Owns(&corev1.ConfigMap{}, builder.MatchEveryOwner)
//	if err := controllerutil.SetOwnerReference(&app, cm, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
package ownswatch
