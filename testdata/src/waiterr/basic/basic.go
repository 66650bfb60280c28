package basic

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"errpaths/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app api.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Invalid input, retried forever.
	if app.Spec.Size < 0 {
		return ctrl.Result{}, errors.New("size must be >= 0") // want `errors.New makes a fresh error after a test of the App's spec, where no call failed: invalid input is retried forever, backing off up to about 16 minutes, and nothing on the object says why; return reconcile.TerminalError and record the reason in a status condition`
	}
	var pod corev1.Pod
	if err := r.Get(ctx, client.ObjectKey{Name: app.Name}, &pod); err != nil {
		return ctrl.Result{}, err
	}
	// A wait for a child.
	if pod.Status.Phase != corev1.PodRunning {
		return ctrl.Result{}, fmt.Errorf("waiting for pod %s to run", pod.Name) // want `fmt.Errorf makes a fresh error after a test of the Pod's status, where no call failed: a wait reported as a failure backs off exponentially`
	}
	// A condition of the object's own status, through a helper of apimachinery.
	if !meta.IsStatusConditionTrue(app.Status.Conditions, "Provisioned") {
		err := fmt.Errorf("app %s not provisioned yet", app.Name) // want `fmt.Errorf makes a fresh error after a test of the App's status`
		return ctrl.Result{}, err
	}
	// An object given to a method.
	if !app.IsReady() {
		return ctrl.Result{}, errors.New("app not ready") // want `errors.New makes a fresh error after a test of the App, where no call failed: a wait reported as a failure backs off up to about 16 minutes`
	}
	// Through a helper whose error the reconcile returns, wrapped.
	if err := r.checkEndpoint(&app); err != nil {
		return ctrl.Result{}, fmt.Errorf("checking the endpoint: %w", err)
	}
	return ctrl.Result{}, nil
}

func (r *R) checkEndpoint(app *api.App) error {
	// An invalid value that the API does not refuse: "should not" is no assertion.
	if app.Spec.Size > 100 {
		return errors.New("the size should not exceed 100") // want `errors.New makes a fresh error after a test of the App.s spec`
	}
	if app.Spec.Endpoint == "" {
		return fmt.Errorf("app %s has no endpoint", app.Name) // want `fmt.Errorf makes a fresh error after a test of the App.s spec`
	}
	return nil
}

// The spec of a built-in kind is not this controller's input: the message says it may
// be either.
func (r *R) nodeOf(pod *corev1.Pod) (string, error) {
	if pod.Spec.NodeName == "" {
		return "", fmt.Errorf("pod %s is not scheduled", pod.Name) // want `fmt.Errorf makes a fresh error after a test of the Pod's spec, where no call failed: a wait reported as a failure backs off up to about 16 minutes and counts in controller_runtime_reconcile_errors_total, and invalid input is retried forever`
	}
	return pod.Spec.NodeName, nil
}

type N struct{ R }

func (n *N) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := n.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	node, err := n.nodeOf(&pod)
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("finding the node: %w", err)
	}
	pod.Labels = map[string]string{"node": node}
	return ctrl.Result{}, n.Update(ctx, &pod)
}
