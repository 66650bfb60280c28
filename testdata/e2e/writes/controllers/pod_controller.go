package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const podFinalizer = "storage.example.com/volume"

// PodReconciler tracks volumes of pods.
type PodReconciler struct {
	client.Client
	Store Store
}

// Reconcile marks the pod and writes it.
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pod.DeletionTimestamp != nil {
		return ctrl.Result{}, r.finalize(ctx, pod)
	}
	markTracked(pod)
	controllerutil.AddFinalizer(pod, podFinalizer)
	if err := r.Update(ctx, pod); err != nil {
		return ctrl.Result{}, err
	}
	// The right way: the status through the subresource.
	pod.Status.Message = "volumes tracked"
	if err := r.Status().Update(ctx, pod); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// markTracked records the tracking in the pod's status.
func markTracked(pod *corev1.Pod) {
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{
		Type:   "storage.example.com/Tracked",
		Status: corev1.ConditionTrue,
	})
}

// finalize deletes the volume first and keeps the finalizer when that fails.
func (r *PodReconciler) finalize(ctx context.Context, pod *corev1.Pod) error {
	if err := r.Store.DeleteBucket(ctx, string(pod.UID)); err != nil {
		return err
	}
	base := pod.DeepCopy()
	controllerutil.RemoveFinalizer(pod, podFinalizer)
	return r.Patch(ctx, pod, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
}

// SetupWithManager registers the reconciler.
func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}
