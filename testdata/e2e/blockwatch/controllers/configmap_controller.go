// Package controllers holds the reconcilers of the blockwatch operator.
package controllers

import (
	"context"
	"net/http"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"example.com/blockwatch/internal/tools"
)

// ConfigMapReconciler labels ConfigMaps with the version of a tool and a health probe.
type ConfigMapReconciler struct {
	client.Client
	Controller controller.Controller
	mgr      ctrl.Manager
	HTTP     *http.Client
	watching sync.Map
}

// SetupWithManager registers the controller and its watches once.
func (r *ConfigMapReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.mgr = mgr
	c, err := ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{}).
		Build(r)
	r.Controller = c
	return err
}

// Reconcile labels one ConfigMap.
func (r *ConfigMapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Bad: a new watch on every reconcile.
	if err := r.Controller.Watch(source.Kind(r.mgr.GetCache(), &corev1.Pod{}, &handler.TypedEnqueueRequestForObject[*corev1.Pod]{})); err != nil {
		return ctrl.Result{}, err
	}
	// Good: one watch per kind.
	if err := r.watchOnce("Secret"); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: the tool cannot be cancelled.
	version, err := tools.Version("helm")
	if err != nil {
		return ctrl.Result{}, err
	}
	// Good: the Context variant.
	if _, err := tools.VersionContext(ctx, "kubectl"); err != nil {
		return ctrl.Result{}, err
	}
	// Bad: a request without the ctx.
	hreq, err := http.NewRequest(http.MethodGet, "http://health.local/healthz", nil)
	if err != nil {
		return ctrl.Result{}, err
	}
	resp, err := r.HTTP.Do(hreq)
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = resp.Body.Close()

	// Bad: the update is retried in a loop on the worker.
	for attempt := 0; attempt < 3; attempt++ {
		if cm.Labels == nil {
			cm.Labels = map[string]string{}
		}
		cm.Labels["tool-version"] = version
		if err = r.Update(ctx, &cm); err == nil {
			break
		}
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.annotate(ctx, req)
}

func (r *ConfigMapReconciler) annotate(ctx context.Context, req ctrl.Request) error {
	var stale corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &stale); err != nil {
		return client.IgnoreNotFound(err)
	}
	// Bad: the closure updates the same stale object on every attempt.
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		stale.Annotations = map[string]string{"probed": "true"}
		return r.Update(ctx, &stale)
	}); err != nil {
		return err
	}
	// The object is re-read in the closure, but through the cached client, which can
	// return the same stale object on every attempt: reported (use the API reader).
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
			return err
		}
		cm.Annotations = map[string]string{"probed": "true"}
		return r.Update(ctx, &cm)
	}); err != nil {
		return err
	}
	// Bad: the helper package retries the patch in a loop on the worker.
	if err := tools.MarkProbed(ctx, r.Client, &stale); err != nil {
		return err
	}
	// Good: the helper creates one object per turn.
	return tools.CreateEach(ctx, r.Client, []client.Object{&corev1.ConfigMap{}, &corev1.Secret{}})
}

// watchOnce starts the watch for a kind the first time it is asked for.
func (r *ConfigMapReconciler) watchOnce(kind string) error {
	if _, loaded := r.watching.LoadOrStore(kind, struct{}{}); loaded {
		return nil
	}
	return r.Controller.Watch(source.Kind(r.mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{}))
}
