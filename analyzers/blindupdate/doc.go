// Package blindupdate defines an Analyzer that reports a client Update of an object
// built in the reconcile instead of read from the cluster.
//
// # Analyzer blindupdate
//
// blindupdate: report Update of an object built fresh, not read
//
// An Update (PUT) replaces the stored object with the one sent. Sent with an object the
// controller built itself (a composite literal, a constructor such as
// deploymentForApp, a DeepCopy of a template), it carries no resourceVersion and none
// of the fields that others set. For a custom resource the API server refuses every
// such Update: "metadata.resourceVersion: Invalid value: 0x0: must be specified for an
// update", so the reconcile fails on every pass and the key backs off towards 16
// minutes. For a built-in kind it is accepted and replaces everything: the replicas an
// autoscaler set, the fields the API server defaulted, the labels, annotations,
// finalizers and owner references of other controllers, each overwritten on every
// pass (and each overwrite is a watch event for whoever set them). Copying only the
// resourceVersion of the live object into the built one
// (`desired.ResourceVersion = existing.ResourceVersion`) makes the Update succeed and
// keeps the rest of the damage. Compare actual with desired and send only the change:
// Get the object, change the fields this controller owns, Update that object; or
// controllerutil.CreateOrUpdate / CreateOrPatch with a mutate function; or server-side
// apply.
//
// The analyzer reports an Update, through the client or a Status() or SubResource()
// writer, in a function reached from a reconcile entry point (or that other packages
// call with their ctx), whose object was last set, on the way to the Update, by a
// composite literal, new(T), a var declaration, a DeepCopy of a field of the reconciler
// or of a package-level variable, or a constructor of the module (a function whose
// every return gives such an object, also in another package: the value-flow pass's
// summaries), and not filled from the cluster since: a Get or a List into it, a
// client write (Create and Patch store the API server's answer in the object), or a
// helper of the package that calls the client fills it. Assignments in branches that
// return before the Update (`if apierrors.IsNotFound(err) { ...; return r.Create(ctx,
// desired) }`) are not on its way. An object whose resourceVersion alone is copied
// from the live object is reported with that line.
// Not reported: an object read by a Get or a List (also through a helper that
// returns one it read, and the elements of a List's Items), a copy of one, an object
// that a Create or an earlier Update filled, the objects given to the mutate function
// of CreateOrUpdate or CreateOrPatch, an object the function receives as a parameter
// (its callers decide), Patch (a merge or strategic patch sends only the fields it
// names; applyread judges server-side apply), and a built object whose whole
// ObjectMeta is taken from the live object.
//
// Bad (the operator-sdk shape: the Deployment is built again and sent as a whole):
//
//	found := &appsv1.Deployment{}
//	if err := r.Get(ctx, key, found); err != nil {
//		if apierrors.IsNotFound(err) {
//			return ctrl.Result{}, r.Create(ctx, r.deploymentFor(app))
//		}
//		return ctrl.Result{}, err
//	}
//	dep := r.deploymentFor(app)
//	dep.ResourceVersion = found.ResourceVersion
//	if err := r.Update(ctx, dep); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good (change the object that was read):
//
//	found.Spec.Replicas = app.Spec.Size
//	if err := r.Update(ctx, found); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good (controllerutil sets only what the mutate function sets):
//
//	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
//	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
//		dep.Spec.Replicas = app.Spec.Size
//		return ctrl.SetControllerReference(app, dep, r.Scheme)
//	})
package blindupdate
