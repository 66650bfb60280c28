package negative

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blindupdate/kube"
	"wapi"
)

type R struct{ client.Client }

// The object read by Get, changed and updated.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app wapi.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	app.Spec.Size = 3
	if err := r.Update(ctx, &app); err != nil {
		return ctrl.Result{}, err
	}
	// A fresh object filled by a Get before the Update.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"k": "v"}
	return ctrl.Result{}, r.Update(ctx, cm)
}

// Read through a helper of another package.
type Helper struct{ client.Client }

func (r *Helper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := kube.Fetch(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"k": "v"}
	return ctrl.Result{}, r.Update(ctx, cm)
}

// Read through a helper of this package that fills its argument.
type Filler struct{ client.Client }

func (r *Filler) load(ctx context.Context, key client.ObjectKey, cm *corev1.ConfigMap) error {
	return r.Get(ctx, key, cm)
}

func (r *Filler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.load(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"k": "v"}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Objects of a List, ranged over and by index.
type Lister struct{ client.Client }

func (r *Lister) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	for _, p := range pods.Items {
		p.Labels = map[string]string{"seen": "yes"}
		if err := r.Update(ctx, &p); err != nil {
			return ctrl.Result{}, err
		}
	}
	for i := range pods.Items {
		if err := r.Update(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Create then Update: the Create stored the API server's answer in the object.
type Created struct{ client.Client }

func (r *Created) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"k": "v"}
	return ctrl.Result{}, r.Update(ctx, cm)
}

// CreateOrUpdate and CreateOrPatch: the mutate function changes the object read.
type Mutate struct{ client.Client }

func (r *Mutate) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"k": "v"}
		return nil
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	_, err = controllerutil.CreateOrPatch(ctx, r.Client, sec, func() error { return nil })
	return ctrl.Result{}, err
}

// Patch of a fresh object: a merge patch sends only what it names.
type Patcher struct{ client.Client }

func (r *Patcher) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	patch := client.MergeFrom(cm.DeepCopy())
	cm.Data = map[string]string{"k": "v"}
	return ctrl.Result{}, r.Patch(ctx, cm, patch)
}

// The desired object built, the live one read and changed.
type Copier struct{ client.Client }

func (r *Copier) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	desired := &corev1.ConfigMap{Data: map[string]string{"k": "v"}}
	existing := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.Create(ctx, desired)
		}
		return ctrl.Result{}, err
	}
	existing.Data = desired.Data
	return ctrl.Result{}, r.Update(ctx, existing)
}

// The whole ObjectMeta of the live object taken into the built one.
type Meta struct{ client.Client }

func (r *Meta) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	existing := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return ctrl.Result{}, err
	}
	desired := &corev1.ConfigMap{Data: map[string]string{"k": "v"}}
	desired.ObjectMeta = existing.ObjectMeta
	return ctrl.Result{}, r.Update(ctx, desired)
}

// A decoded object, a parameter, and a reassignment from a read object.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := json.Unmarshal([]byte(req.Name), &cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	live := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, live); err != nil {
		return ctrl.Result{}, err
	}
	obj := &corev1.ConfigMap{}
	obj = live
	return ctrl.Result{}, r.update(ctx, obj)
}

func (r *Other) update(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Update(ctx, cm)
}

// A fresh object updated in a function no reconcile reaches and no other package can
// call with a ctx.
type Unreached struct{ client.Client }

func (r *Unreached) seed(name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}
	return r.Update(context.TODO(), cm)
}
