package negative

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"ownerref/api"
)

// A cluster-scoped owner may own cluster-scoped and namespaced objects.
func clusterOwner(r *api.Realm, s *runtime.Scheme) error {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: r.Name}}
	if err := ctrl.SetControllerReference(r, ns, s); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	return controllerutil.SetOwnerReference(r, cm, s)
}

// Namespaced owner and namespaced object.
func sameScope(t *api.Tenant, cm *corev1.ConfigMap, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(t, cm, s)
}

// A Namespace owning a Namespace, and a Namespace owning a ConfigMap.
func namespaces(a, b *corev1.Namespace, cm *corev1.ConfigMap, s *runtime.Scheme) error {
	if err := controllerutil.SetOwnerReference(a, b, s); err != nil {
		return err
	}
	return controllerutil.SetOwnerReference(a, cm, s)
}

// Unknown scopes: interface-typed arguments and types without markers.
func unknown(owner, obj client.Object, p *api.Plain, ns *corev1.Namespace, s *runtime.Scheme) error {
	if err := controllerutil.SetControllerReference(owner, obj, s); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(owner, ns, s); err != nil {
		return err
	}
	return controllerutil.SetControllerReference(p, ns, s)
}
