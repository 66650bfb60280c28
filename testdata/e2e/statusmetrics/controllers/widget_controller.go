// Package controllers reconciles Widgets.
package controllers

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/statusmetrics/api/v1alpha1"
	"example.com/statusmetrics/internal/metrics"
)

const fieldOwner = client.FieldOwner("widget-controller")

// WidgetReconciler reconciles a Widget.
type WidgetReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w v1alpha1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		if apierrors.IsNotFound(err) {
			metrics.WidgetReady.DeleteLabelValues(req.Namespace, req.Name)
		}
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cfg corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.ConfigName}, &cfg); err != nil {
		metrics.ReconcileErrors.WithLabelValues(req.Name, err.Error()).Inc()
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
			Type:    v1alpha1.ConditionReady,
			Status:  metav1.ConditionFalse,
			Reason:  err.Error(),
			Message: "the config map cannot be read",
		})
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	if err := r.applyChild(ctx, &w, &cfg); err != nil {
		setReady(&w, metav1.ConditionFalse, v1alpha1.ReasonApplyFailed, err.Error())
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	metrics.WidgetReady.WithLabelValues(w.Namespace, w.Name).Set(1) // deleted with the widget above: not reported
	setReady(&w, metav1.ConditionTrue, v1alpha1.ReasonReconciled, "")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// applyChild applies the child config map owned by the widget.
func (r *WidgetReconciler) applyChild(ctx context.Context, w *v1alpha1.Widget, cfg *corev1.ConfigMap) error {
	start := time.Now()
	child := &corev1.ConfigMap{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
		ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name + "-child"},
		Data:       cfg.Data,
	}
	err := r.Patch(ctx, child, client.Apply, client.FieldOwner(w.Name), client.ForceOwnership)
	result := "success"
	if err != nil {
		result = "error"
	}
	metrics.ApplyDuration.WithLabelValues("ConfigMap", result).Observe(time.Since(start).Seconds())
	if err != nil {
		return fmt.Errorf("apply child: %w", err)
	}
	// The marker copy is applied without naming a field manager.
	marker := child.DeepCopy()
	marker.Name = w.Name + "-marker"
	return r.Patch(ctx, marker, client.Apply)
}

// applyGood is the same apply done right: a constant owner, no forcing.
func (r *WidgetReconciler) applyGood(ctx context.Context, child *corev1.ConfigMap) error {
	opts := []client.PatchOption{fieldOwner}
	return r.Patch(ctx, child, client.Apply, opts...)
}

// setReady sets the Ready condition of w with its generation.
func setReady(w *v1alpha1.Widget, status metav1.ConditionStatus, reason, msg string) {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type:               v1alpha1.ConditionReady,
		Status:             status,
		ObservedGeneration: w.Generation,
		Reason:             reason,
		Message:            msg,
	})
}

// SetupWithManager registers the controller.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	_ = r.applyGood
	return ctrl.NewControllerManagedBy(mgr).For(&v1alpha1.Widget{}).Complete(r)
}

// markReady passes a lower-case Status, which the API's enum rejects, and the valid one.
func markReady(w *v1alpha1.Widget, ok bool) {
	if ok {
		setReady(w, metav1.ConditionTrue, v1alpha1.ReasonReconciled, "")
		return
	}
	setReady(w, "false", v1alpha1.ReasonReconciled, "")
}
