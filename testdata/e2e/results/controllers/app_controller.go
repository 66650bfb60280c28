// Package controllers reconciles Deployments labelled as apps, and ConfigMaps that
// configure them.
package controllers

import (
	"context"
	"errors"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// AppReconciler keeps a ConfigMap next to each app Deployment.
type AppReconciler struct {
	client.Client
	Interval time.Duration
}

// Reconcile implements reconcile.Reconciler.
func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, fmt.Errorf("getting deployment: %w", err)
	}
	if dep.Labels["app.example.com/config"] == "" {
		return ctrl.Result{}, reconcile.TerminalError(errors.New("deployment has no config label"))
	}
	var cfg corev1.ConfigMap
	key := types.NamespacedName{Namespace: req.Namespace, Name: dep.Labels["app.example.com/config"]}
	if err := r.Get(ctx, key, &cfg); err != nil {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, err
	}
	if dep.Annotations == nil {
		dep.Annotations = map[string]string{}
	}
	dep.Annotations["app.example.com/config-version"] = cfg.ResourceVersion
	r.Update(ctx, &dep)
	return r.syncStatus(ctx, &dep)
}

// syncStatus is a sub-reconciler.
func (r *AppReconciler) syncStatus(ctx context.Context, dep *appsv1.Deployment) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, dep); err != nil {
		log.FromContext(ctx).Error(err, "status update failed")
	}
	return ctrl.Result{}, nil
}

// ConfigReconciler owns a derived ConfigMap per source ConfigMap. It is the
// well-behaved counterpart: nothing here is reported.
type ConfigReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var src corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &src); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if src.Data["invalid"] != "" {
		src.Annotations["app.example.com/error"] = "invalid data"
		if err := r.Update(ctx, &src); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Status().Update(ctx, &src); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("invalid data"))
	}
	derived := &corev1.ConfigMap{}
	derived.Namespace, derived.Name = src.Namespace, src.Name+"-derived"
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, derived, func() error {
		derived.Data = src.Data
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	var owner corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: src.Namespace, Name: src.Data["secret"]}, &owner); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// SetupWithManager registers both reconcilers.
func SetupWithManager(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(&AppReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(&ConfigReconciler{Client: mgr.GetClient()})
}

// TargetReconciler copies ConfigMaps into the cluster named by the request's namespace.
// A request for a cluster it does not know is terminal and reported in no status: no
// object has been read yet whose status could record it. Not reported.
type TargetReconciler struct {
	client.Client
	Targets map[string]client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *TargetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	target, ok := r.Targets[req.Namespace]
	if !ok {
		return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("no target cluster %q", req.Namespace))
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.ResourceVersion = ""
	return ctrl.Result{}, target.Create(ctx, &cm)
}
