package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"blindupdate/kube"
	"wapi"
)

type R struct {
	client.Client
	template *corev1.ConfigMap
}

func (r *R) configMapFor(app *wapi.App) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	cm.Data = map[string]string{"image": app.Spec.Image}
	return cm
}

// The operator-sdk shape: the object is built again and sent as a whole.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	found := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, found); err != nil {
		if apierrors.IsNotFound(err) {
			cm := r.configMapFor(&app)
			return ctrl.Result{}, r.Create(ctx, cm)
		}
		return ctrl.Result{}, err
	}
	cm := r.configMapFor(&app)
	if err := r.Update(ctx, cm); err != nil { // want `^r.Update of cm, built by r.configMapFor at line 41 and not read from the cluster: the object carries no resourceVersion, so for a custom resource the API server refuses the Update \(metadata.resourceVersion must be specified\), and for a built-in kind it replaces every field other managers set .* \(Reconcile\)$`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The resourceVersion copied from the live object.
type RV struct{ client.Client }

func (r *RV) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	existing := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return ctrl.Result{}, err
	}
	desired := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	desired.ResourceVersion = existing.ResourceVersion
	return ctrl.Result{}, r.Update(ctx, desired) // want `^r.Update of desired, built by a composite literal at line 56, with only the resourceVersion copied from the live object at line 57: the Update replaces the whole stored object .* \(Reconcile\)$`
}

// SetResourceVersion, and a constructor of another package.
type Setter struct{ client.Client }

func (r *Setter) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	existing, err := kube.Fetch(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	desired, err := kube.DesiredConfigMap(req.Name, req.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	desired.SetResourceVersion(existing.GetResourceVersion())
	return ctrl.Result{}, r.Update(ctx, desired) // want `^r.Update of desired, built by kube.DesiredConfigMap at line 69, with only the resourceVersion copied from the live object at line 73`
}

// A var declaration, new, and a DeepCopy of a template held by the reconciler.
type Kinds struct {
	client.Client
	template *corev1.ConfigMap
}

func (r *Kinds) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	cm.Name = req.Name
	if err := r.Update(ctx, &cm); err != nil { // want `^r.Update of &cm, built by a var declaration at line 84`
		return ctrl.Result{}, err
	}
	pod := new(corev1.Pod)
	pod.Name = req.Name
	if err := r.Status().Update(ctx, pod); err != nil { // want `^r.Status\(\).Update of pod, built by new at line 89`
		return ctrl.Result{}, err
	}
	copied := r.template.DeepCopy()
	copied.Name = req.Name
	return ctrl.Result{}, r.Update(ctx, copied) // want `^r.Update of copied, built by a copy of r.template at line 94`
}

// In a helper reached from Reconcile: the chain is named.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.sync(ctx, req.Name)
}

func (r *Helper) sync(ctx context.Context, name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}
	return r.Update(ctx, cm) // want `^r.Update of cm, built by a composite literal at line 107 .* \(Reconcile → sync\)$`
}

// Exported helpers that other packages call with their ctx are judged too.
func EnsureConfigMap(ctx context.Context, c client.Client, name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}); err == nil {
		return nil
	}
	return c.Update(ctx, cm) // want `^c.Update of cm, built by a composite literal at line 113`
}
