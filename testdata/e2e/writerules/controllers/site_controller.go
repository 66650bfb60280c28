// Package controllers holds the site controller: each reconcile shows one of the write
// rules, reported, next to the shape that is not.
package controllers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	sitev1 "example.com/writerules/api/v1"
	"example.com/writerules/internal/cloud"
)

const siteFinalizer = "sites.example.com/bucket"

// SiteReconciler reconciles Sites.
type SiteReconciler struct {
	client.Client
	Store cloud.Store
}

// SetupWithManager registers the controller.
func (r *SiteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&sitev1.Site{}).Owns(&appsv1.Deployment{}).Complete(r)
}

// Reconcile adds the finalizer before it looks at the deletion timestamp, creates the
// bucket before the finalizer is stored, and keeps a history in the status.
func (r *SiteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var site sitev1.Site
	if err := r.Get(ctx, req.NamespacedName, &site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(&site, siteFinalizer) {
		controllerutil.AddFinalizer(&site, siteFinalizer)
		if err := r.Store.CreateBucket(ctx, site.Spec.Bucket); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Update(ctx, &site); err != nil {
			return ctrl.Result{}, err
		}
	}
	if !site.DeletionTimestamp.IsZero() {
		if err := r.Store.DeleteBucket(ctx, site.Spec.Bucket); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, &site)
	}
	site.Status.History = append(site.Status.History, sitev1.Event{Reason: "Synced", Time: metav1.Now()})
	site.Status.Conditions = []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Synced", ObservedGeneration: site.Generation, LastTransitionTime: metav1.Now()}}
	return ctrl.Result{}, r.Status().Update(ctx, &site)
}

// ChildReconciler manages the children of a Site.
type ChildReconciler struct {
	client.Client
	Store cloud.Store
}

func deploymentFor(site *sitev1.Site) *appsv1.Deployment {
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace},
		Spec:       appsv1.DeploymentSpec{Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"site": site.Name}}},
	}
}

// Reconcile updates a Deployment it built, creates a ConfigMap on every pass, and a
// Job by GenerateName.
func (r *ChildReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var site sitev1.Site
	if err := r.Get(ctx, req.NamespacedName, &site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	found := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, found); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.Create(ctx, deploymentFor(&site))
		}
		return ctrl.Result{}, err
	}
	dep := deploymentFor(&site)
	if err := r.Update(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-config", Namespace: site.Namespace}}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: site.Name + "-sync-", Namespace: site.Namespace}}
	if err := r.Create(ctx, job); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// GoodReconciler does each of these the way the rules accept.
type GoodReconciler struct {
	client.Client
	Store cloud.Store
}

// Reconcile: the kubebuilder finalizer shape, the finalizer stored before the bucket,
// conditions set one by one, the live Deployment changed, children looked up first.
func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var site sitev1.Site
	if err := r.Get(ctx, req.NamespacedName, &site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if site.DeletionTimestamp.IsZero() {
		if !controllerutil.ContainsFinalizer(&site, siteFinalizer) {
			controllerutil.AddFinalizer(&site, siteFinalizer)
			if err := r.Update(ctx, &site); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else {
		if err := r.Store.DeleteBucket(ctx, site.Spec.Bucket); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&site, siteFinalizer)
		return ctrl.Result{}, r.Update(ctx, &site)
	}
	if err := r.Store.CreateBucket(ctx, site.Spec.Bucket); err != nil {
		return ctrl.Result{}, err
	}
	found := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, found); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.Create(ctx, deploymentFor(&site))
		}
		return ctrl.Result{}, err
	}
	found.Spec.Selector = deploymentFor(&site).Spec.Selector
	if err := r.Update(ctx, found); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: site.Name + "-config", Namespace: site.Namespace}}
	if err := r.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	var jobs batchv1.JobList
	if err := r.List(ctx, &jobs, client.InNamespace(site.Namespace), client.MatchingLabels{"site": site.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if len(jobs.Items) == 0 {
		job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: site.Name + "-sync-", Namespace: site.Namespace, Labels: map[string]string{"site": site.Name}}}
		if err := r.Create(ctx, job); err != nil {
			return ctrl.Result{}, err
		}
	}
	if meta.SetStatusCondition(&site.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Synced", ObservedGeneration: site.Generation}) {
		return ctrl.Result{}, r.Status().Update(ctx, &site)
	}
	return ctrl.Result{}, nil
}
