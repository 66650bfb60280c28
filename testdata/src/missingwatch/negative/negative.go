package negative

import (
	"context"
	"net/http"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func depKey(cm *corev1.ConfigMap) types.NamespacedName {
	return types.NamespacedName{Namespace: cm.Namespace, Name: cm.Data["deployment"]}
}

// Deployments are owned, Pods watched with a map function: both are watched.
type Watched struct{ client.Client }

func (r *Watched) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, depKey(&cm), &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.AvailableReplicas == 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return ctrl.Result{}, err
	}
	if len(pods.Items) == 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	// The reconciled object itself.
	if cm.Data["ready"] != "true" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Watched) mapPod(ctx context.Context, o client.Object) []reconcile.Request { return nil }

func (r *Watched) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&appsv1.Deployment{}, builder.MatchEveryOwner).
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(r.mapPod)).
		Complete(r)
}

// A Secret read as configuration: no poll; a periodic resync that tests nothing read;
// an error branch; an external system polled; RequeueAfter zero.
type Config struct {
	client.Client
	Endpoint string
}

func (r *Config) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var secret corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: cm.Namespace, Name: "creds"}, &secret); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	token := string(secret.Data["token"])
	if token == "" {
		return ctrl.Result{}, nil
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, depKey(&cm), &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Spec.Replicas == nil {
		return ctrl.Result{RequeueAfter: 0}, nil
	}
	resp, err := http.Get(r.Endpoint)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Minute}, nil
}

func (r *Config) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// No controller seen (wired in main).
type Unwired struct{ client.Client }

func (r *Unwired) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, err
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{RequeueAfter: time.Second * 5}, nil
	}
	return ctrl.Result{}, nil
}

// Watches of kinds from a list: not all known.
type Dynamic struct {
	client.Client
	Kinds []client.Object
}

func (r *Dynamic) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, err
	}
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{RequeueAfter: time.Second * 5}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Dynamic) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
	for _, k := range r.Kinds {
		b = b.Watches(k, &handler.EnqueueRequestForObject{})
	}
	return b.Complete(r)
}
