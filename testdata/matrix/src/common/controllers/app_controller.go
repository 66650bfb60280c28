// Package controllers holds reconcilers that compile on every controller-runtime release
// from v0.10 on (Reconcile with a ctx).
package controllers

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	corev1 "k8s.io/api/core/v1"
	toolscache "k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const finalizer = "example.com/cleanup"

// AppReconciler reconciles ConfigMaps.
type AppReconciler struct {
	client.Client
	Cache cache.Cache
	Mgr   ctrl.Manager
	Store Store
}

// Reconcile implements reconcile.Reconciler.
func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(context.Background(), req.NamespacedName, &cm); err != nil {
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
	if out, err := exec.Command("helm", "version").Output(); err == nil {
		cm.Data = map[string]string{"helm": string(out)}
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
	go func() {
		time.Sleep(time.Second)
	}()
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// PodReconciler writes a status change with Update of the main resource.
type PodReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *PodReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
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

// NewController registers a function reconciler through controller.Options
// (controller.Options became TypedOptions and reconcile.Func TypedFunc in v0.19).
func NewController(mgr ctrl.Manager) error {
	time.Sleep(100 * time.Millisecond) // set-up code: not a reconcile path
	_, err := controller.New("pods", mgr, controller.Options{
		Reconciler: reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
			time.Sleep(time.Second)
			return reconcile.Result{}, nil
		}),
	})
	return err
}

// register adds a handler and builds a controller: on every reconcile.
func (r *AppReconciler) register(ctx context.Context) error {
	// A handler added on every reconcile (cache.Informer moved to pkg/cache/cacheapi in v0.25).
	inf, err := r.Cache.GetInformer(ctx, &corev1.Secret{})
	if err != nil {
		return err
	}
	inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{})
	// A controller built on every reconcile (builder.Builder became TypedBuilder in v0.19).
	if err := ctrl.NewControllerManagedBy(r.Mgr).For(&corev1.Secret{}).Complete(r); err != nil {
		return err
	}
	return nil
}

// Store deletes what an object owns outside the cluster.
type Store interface {
	DeleteBucket(ctx context.Context, name string) error
}

// finalize removes the finalizer although the cleanup failed.
func (r *AppReconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Store.DeleteBucket(ctx, cm.Name); err != nil {
		fmt.Println("cannot delete bucket:", err)
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return r.Update(ctx, cm)
}
