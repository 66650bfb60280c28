// Package controllers holds reconcilers written against controller-runtime v0.6, whose
// Reconcile method takes no context.
package controllers

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	toolscache "k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const finalizer = "example.com/cleanup"

// ConfigMapReconciler uses the v0.6 signature Reconcile(Request).
type ConfigMapReconciler struct {
	client.Client
	Cache cache.Cache
	Store Store
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *ConfigMapReconciler) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	// No reconcile ctx exists in this signature: bgcontext must not report this.
	ctx := context.Background()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Annotations["example.com/paused"] == "true" {
		time.Sleep(2 * time.Second)
		return ctrl.Result{Requeue: true}, nil
	}
	if !cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finalize(ctx, &cm)
	}
	if err := r.register(ctx); err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data == nil {
		// v0.6 has no Result.Priority: the message must not mention it.
		return ctrl.Result{Requeue: true}, fmt.Errorf("configmap %s has no data", req.Name)
	}
	patch := client.MergeFrom(&cm)
	cm.Labels = map[string]string{"seen": "true"}
	if err := r.Patch(ctx, &cm, patch); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = r.Update(ctx, &cm); err == nil {
			break
		}
	}
	r.Delete(ctx, &corev1.Secret{})
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// PodReconciler writes a status change with Update of the main resource.
type PodReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler of v0.6.
func (r *PodReconciler) Reconcile(req reconcile.Request) (reconcile.Result, error) {
	ctx := context.TODO()
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	pod.Status.Message = "seen"
	if err := r.Update(ctx, &pod); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

// NewFuncReconciler returns a function reconciler of the v0.6 form.
func NewFuncReconciler() reconcile.Reconciler {
	return reconcile.Func(func(req reconcile.Request) (reconcile.Result, error) {
		time.Sleep(time.Second)
		return reconcile.Result{}, nil
	})
}

// SetupWithManager registers the controller; its sleep is not on a reconcile path.
func (r *ConfigMapReconciler) SetupWithManager(mgr ctrl.Manager) error {
	time.Sleep(100 * time.Millisecond)
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// register adds a handler: on every reconcile.
func (r *ConfigMapReconciler) register(ctx context.Context) error {
	inf, err := r.Cache.GetInformer(ctx, &corev1.Secret{})
	if err != nil {
		return err
	}
	inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{})
	return nil
}

// Store deletes what an object owns outside the cluster.
type Store interface {
	DeleteBucket(ctx context.Context, name string) error
}

// finalize removes the finalizer although the cleanup failed.
func (r *ConfigMapReconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Store.DeleteBucket(ctx, cm.Name); err != nil {
		fmt.Println("cannot delete bucket:", err)
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Update(ctx, cm)
}
