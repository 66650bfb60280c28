package createorupdate

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"statusupdate/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// Reported: the mutate function sets the status, CreateOrUpdate writes with Update.
	w := &api.Widget{}
	w.Name, w.Namespace = req.Name, req.Namespace
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, w, func() error {
		w.Spec.Replicas = 3
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"}) // want `^w.Status is changed inside the mutate function of controllerutil.CreateOrUpdate, which writes with Update: the API server ignores .status there and the change is lost; set the status after it and write it with Status\(\).Update or Status\(\).Patch, or use controllerutil.CreateOrPatch$`
		w.Status.Ready = true
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Reported once, through the root package's variable.
	pod := &corev1.Pod{}
	if _, err := ctrl.CreateOrUpdate(ctx, r.Client, pod, func() error {
		pod.Status.Phase = corev1.PodRunning // want `pod.Status is changed inside the mutate function of controllerutil.CreateOrUpdate`
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: CreateOrPatch patches the status subresource too.
	w2 := &api.Widget{}
	if _, err := controllerutil.CreateOrPatch(ctx, r.Client, w2, func() error {
		w2.Status.Ready = true
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: the mutate function changes only the spec; the status of another
	// object is set inside it.
	w3 := &api.Widget{}
	other := &api.Widget{}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, w3, func() error {
		w3.Spec.Replicas = 1
		other.Status.Ready = true
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: the status is set after CreateOrUpdate and written with Status().
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, w3, func() error {
		w3.Spec.Replicas = 2
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	w3.Status.Ready = true
	if err := r.Status().Update(ctx, w3); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: a mutate function that is not a literal.
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, w3, mutate); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func mutate() error { return nil }
