// Package wholesale replaces all finalizers of objects.
package wholesale

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		switch cm.Data["case"] {
		case "set-nil":
			cm.SetFinalizers(nil) // want `^every finalizer of cm is replaced \(SetFinalizers\(nil\)\), and the object was read from the cluster by r\.Get at line 19: the finalizers of other controllers and of the garbage collector \(foregroundDeletion, orphan\) are dropped, so their cleanup never runs; remove only this controller's finalizer with controllerutil\.RemoveFinalizer \(Reconcile\)$`
		case "set-empty":
			cm.SetFinalizers([]string{}) // want `every finalizer of cm is replaced \(SetFinalizers\(\[\]string\{\}\)\)`
		case "assign":
			cm.Finalizers = nil // want `every finalizer of cm is replaced \(cm\.Finalizers = nil\)`
		case "meta":
			cm.ObjectMeta.Finalizers = []string{"mine"} // want `every finalizer of cm is replaced \(cm\.ObjectMeta\.Finalizers = \[\]string\{…\}\)`
		case "remove":
			// Negative: only this controller's finalizer.
			controllerutil.RemoveFinalizer(cm, fin)
		case "filtered":
			// Negative: the others are kept.
			var keep []string
			for _, f := range cm.Finalizers {
				if f != fin {
					keep = append(keep, f)
				}
			}
			cm.Finalizers = keep
		case "appended":
			// Negative: a literal that keeps the current finalizers.
			cm.SetFinalizers(append([]string{}, cm.GetFinalizers()...))
		}
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	// Negative: an object built fresh here.
	child := &corev1.Secret{}
	child.Finalizers = nil
	child.SetFinalizers([]string{fin})
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list); err != nil {
		return ctrl.Result{}, err
	}
	for i := range list.Items {
		list.Items[i].Finalizers = nil // want `every finalizer of list\.Items\[i\] is replaced \(list\.Items\[i\]\.Finalizers = nil\), and the object was read from the cluster by r\.List at line 55`
	}
	return ctrl.Result{}, r.finish(ctx, cm)
}

// finish is reached from Reconcile: the object it is given is the reconciled one.
func (r *R) finish(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.SetFinalizers(nil) // want `every finalizer of cm is replaced \(SetFinalizers\(nil\)\), and the object is the one finish was given to reconcile: .* \(Reconcile → finish\)$`
	return r.Update(ctx, cm)
}

// build is not reached from a reconcile entry point: its parameter may be fresh.
func build(cm *corev1.ConfigMap) {
	cm.Finalizers = nil
}

// fresh is reached, but its object is assigned a fresh one first.
func (r *R) fresh(ctx context.Context, cm *corev1.ConfigMap) error {
	cm = &corev1.ConfigMap{}
	cm.Finalizers = nil
	return r.Create(ctx, cm)
}
