package basic

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The ConfigMap controller waits for a Deployment it does not watch.
type WaitReconciler struct{ client.Client }

func (r *WaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["deployment"]}, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.AvailableReplicas < *dep.Spec.Replicas {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^RequeueAfter polls the Deployment read at line 23 \(r.Get\), a kind the controller does not watch`
	}
	return r.waitPods(ctx, &cm)
}

func (r *WaitReconciler) waitPods(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(cm.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, p := range pods.Items {
		_ = p
	}
	if len(pods.Items) == 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `RequeueAfter polls the Pod read at line 34 \(r.List\).*\(Reconcile → waitPods\)$`
	}
	return ctrl.Result{}, nil
}

func (r *WaitReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Owns(&corev1.Secret{}).Complete(r)
}
