// Package controllers holds the controllers of the wiring e2e module.
package controllers

import (
	"context"
	"net/http"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"example.com/wiring/internal/setup"
)

// AppReconciler manages a Deployment's ConfigMap and Service.
type AppReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		return controllerutil.SetOwnerReference(&dep, cm, r.Scheme) // ownswatch: Owns maps only controller references
	}); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		return ctrl.SetControllerReference(&dep, svc, r.Scheme) // ownswatch: Services are not watched
	}); err != nil {
		return ctrl.Result{}, err
	}
	var secret corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: dep.Namespace, Name: dep.Name + "-tls"}, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if len(secret.Data["tls.crt"]) == 0 {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil // missingwatch: Secrets are not watched
	}
	return ctrl.Result{}, nil
}

// SetupWithManager filters the Owned ConfigMaps' events, not the Deployments'.
func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// SiteReconciler is wired by the shared helper of package setup.
type SiteReconciler struct{ client.Client }

func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(cm.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(pods.Items) == 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // missingwatch, through setup.Controller's wiring
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, cm.Data["url"], nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := http.DefaultClient.Do(hreq) // nodeadline
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}

func (r *SiteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return setup.Controller(mgr, &corev1.ConfigMap{}, r)
}

// ProbeReconciler calls the same endpoint with a ReconciliationTimeout set by the
// shared builder: no nodeadline finding.
type ProbeReconciler struct{ client.Client }

func (r *ProbeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var secret corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &secret); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, string(secret.Data["url"]), nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, resp.Body.Close()
}

func (r *ProbeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return setup.Bounded(mgr, &corev1.Secret{}).Complete(r)
}
