// Package ownerref defines an Analyzer that reports owner references that
// controller-runtime refuses to set.
//
// # Analyzer ownerref
//
// ownerref: report owner references across scopes or namespaces
//
// Owner references cannot cross scopes: a cluster-scoped object (a Namespace, a
// ClusterRole, a cluster-scoped custom resource) cannot be owned by a namespaced object,
// because the garbage collector looks its owner up without a namespace. Before it sets
// anything, controllerutil.SetControllerReference and SetOwnerReference (and
// ctrl.SetControllerReference) compare the two objects' namespaces: when the owner has a
// namespace and the object has none, they return an error saying that a cluster-scoped
// resource must not have a namespace-scoped owner, and when both have namespaces that
// differ, an error saying that cross-namespace owner references are disallowed. Either
// way the object gets no owner reference on any call: it is never garbage-collected
// with its owner, and Owns() never maps its events back to the owner. When the error is
// returned, every reconcile of the owner fails at this line and backs off forever; when
// it is dropped (see the droppederr rule), the failure is silent.
//
// The analyzer reports these calls, everywhere outside test code, when the owner's
// kind is namespaced and the object's kind is cluster-scoped. A kind's scope comes from
// the kubebuilder markers of its Go type in the module (+kubebuilder:resource:scope=Cluster
// makes it cluster-scoped; any other root type, +kubebuilder:object:root=true, is
// namespaced, as controller-gen assumes), or, for the Kubernetes API types, from a table
// of the cluster-scoped kinds (those marked +genclient:nonNamespaced in k8s.io/api:
// Namespace, Node, PersistentVolume, ClusterRole, ClusterRoleBinding, StorageClass,
// CSIDriver, CSINode, VolumeAttachment, PriorityClass, IngressClass, RuntimeClass, the
// webhook and admission-policy configurations, CertificateSigningRequest, and others) and
// CustomResourceDefinition. When either scope is unknown (an interface-typed argument, a
// type without markers) nothing is reported.
//
// It also reports these calls when the owner and the object are namespaced (or of
// unknown scope) and their namespaces are known to differ. What is known of a
// namespace comes from the function that makes the call (its function literals
// included, such as CreateOrUpdate's mutate function), before the call: the Namespace
// of the composite literal the variable is made from, assignments of Namespace (or
// ObjectMeta) and SetNamespace calls, and the key of a client Get that fills the
// variable (req.NamespacedName, or a NamespacedName literal). A namespace is a string
// constant, the reconcile request's (req.Namespace, or an object read with
// req.NamespacedName), or another object's (x.Namespace, x.GetNamespace()) resolved
// the same way. Two different constants always differ; a constant and the request's
// namespace differ for every owner outside that namespace, the usual case of a child
// created in the operator's own namespace. When the writes before the call do not
// agree, or a namespace comes from anything else (a field, a parameter, a function
// result), it is unknown and nothing is reported; nor when the owner is cluster-scoped,
// since a cluster-scoped owner takes objects in any namespace.
//
// Bad:
//
//	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: tenant.Name}}
//	if err := ctrl.SetControllerReference(tenant, ns, r.Scheme); err != nil { // tenant is namespaced: always fails
//		return ctrl.Result{}, err
//	}
//
// Bad (the Secret is in the operator's namespace, the owner in its user's):
//
//	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: "operator-system"}}
//	if err := ctrl.SetControllerReference(app, secret, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
//	if err := ctrl.SetControllerReference(app, secret, r.Scheme); err != nil {
//		return ctrl.Result{}, err
//	}
//
// Good:
//
//	// Make the owner cluster-scoped (+kubebuilder:resource:scope=Cluster), or track the
//	// Namespace with a label and delete it from the owner's finalizer.
//	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{
//		Name:   tenant.Name,
//		Labels: map[string]string{"example.com/tenant": tenant.Namespace + "." + tenant.Name},
//	}}
package ownerref
