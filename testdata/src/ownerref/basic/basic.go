package basic

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"ownerref/api"
)

func namespaceOfTenant(t *api.Tenant, s *runtime.Scheme) error {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: t.Name}}
	return ctrl.SetControllerReference(t, ns, s) // want `^SetControllerReference of the cluster-scoped Namespace to the namespaced Tenant fails on every call: controller-runtime refuses a namespace-scoped owner for a cluster-scoped object, so it gets no owner reference, is never garbage-collected with the owner and Owns\(\) never maps its events back; use a cluster-scoped owner, or a label and a finalizer on the owner to clean it up$`
}

func realmOfTenant(t *api.Tenant, r *api.Realm, s *runtime.Scheme) error {
	return controllerutil.SetOwnerReference(t, r, s) // want `^SetOwnerReference of the cluster-scoped Realm to the namespaced Tenant fails on every call`
}

func realmOfConfigMap(cm *corev1.ConfigMap, r *api.Realm, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(cm, r, s) // want `cluster-scoped Realm to the namespaced ConfigMap`
}
