package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Gadget is a kind with conditions (metav1.Condition and meta.SetStatusCondition came
// with apimachinery v0.19, controller-runtime v0.7).
type Gadget struct {
	corev1.ConfigMap
	Status GadgetStatus
}

// GadgetStatus holds the conditions of a Gadget.
type GadgetStatus struct {
	Conditions []metav1.Condition
}

// ConditionReconciler sets conditions.
type ConditionReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *ConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g.ConfigMap); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.List(ctx, &corev1.PodList{}, client.InNamespace(req.Namespace)); err != nil {
		meta.SetStatusCondition(&g.Status.Conditions, metav1.Condition{
			Type:    "Ready",
			Status:  metav1.ConditionFalse,
			Reason:  err.Error(),
			Message: "cannot list pods",
		})
		return ctrl.Result{}, err
	}
	// A constant Reason with the generation: not a conditions finding.
	meta.SetStatusCondition(&g.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		Reason:             "PodsListed",
		ObservedGeneration: g.GetGeneration(),
	})
	return ctrl.Result{}, nil
}
