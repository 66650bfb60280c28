package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The write rules on every release: controllerutil.AddFinalizer (no result before
// v0.15), Update of a runtime.Object (v0.6) or a client.Object, the status writer
// (client.StatusWriter before v0.14, SubResourceWriter after). Each reconciler's
// version-specific Reconcile (sets writerules06 and writerules07) calls its sync.

const podFinalizer = "example.com/cleanup"

// WriteRulesReconciler shows every write rule on a Pod.
type WriteRulesReconciler struct {
	client.Client
	Buckets BucketStore
}

// BucketStore is an object store outside the cluster.
type BucketStore interface {
	CreateBucket(ctx context.Context, name string) error
}

func (r *WriteRulesReconciler) sync(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(&pod, podFinalizer)
	if err := r.Buckets.CreateBucket(ctx, pod.Name); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{Type: "Synced", Status: corev1.ConditionTrue})
	if err := r.Status().Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: pod.Name + "-config", Namespace: pod.Namespace}}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	fresh := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: pod.Name + "-data", Namespace: pod.Namespace}}
	return ctrl.Result{}, r.Update(ctx, fresh)
}

// ConditionsReconciler replaces the conditions of the Pod it read.
type ConditionsReconciler struct {
	client.Client
}

func (r *ConditionsReconciler) sync(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod.Status.Conditions = []corev1.PodCondition{{Type: "Synced", Status: corev1.ConditionTrue}}
	return ctrl.Result{}, r.Status().Update(ctx, &pod)
}

// GoodWritesReconciler does the same the accepted way: nothing is reported.
type GoodWritesReconciler struct {
	client.Client
	Buckets BucketStore
}

func (r *GoodWritesReconciler) sync(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pod.DeletionTimestamp.IsZero() && !controllerutil.ContainsFinalizer(&pod, podFinalizer) {
		controllerutil.AddFinalizer(&pod, podFinalizer)
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.Buckets.CreateBucket(ctx, pod.Name); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: pod.Name + "-config", Namespace: pod.Namespace}}
	if err := r.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"pod": pod.Name}
	return ctrl.Result{}, r.Update(ctx, cm)
}
