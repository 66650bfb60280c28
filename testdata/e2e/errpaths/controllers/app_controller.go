// Package controllers holds reconcilers with the error-path shapes of real operators.
package controllers

import (
	"context"
	"errors"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	appv1 "example.com/errpaths/api/v1"
)

// AppReconciler reconciles an App and its Deployment.
type AppReconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var app appv1.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// waiterr: invalid input returned as a plain error.
	if app.Spec.Size < 0 {
		return ctrl.Result{}, errors.New("spec.size must be >= 0")
	}
	var deploy appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: app.Name}, &deploy); err != nil {
		if apierrors.IsNotFound(err) {
			// Not reported: a dependency that will appear.
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	// waiterr: a wait reported as a failure.
	if deploy.Status.ReadyReplicas < app.Spec.Size {
		return ctrl.Result{}, fmt.Errorf("deployment %s not ready", deploy.Name)
	}
	// permanenterr: an invalid object returned to be retried.
	if err := r.Update(ctx, &deploy); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, fmt.Errorf("the deployment is invalid: %w", err)
		}
		return ctrl.Result{}, err
	}
	// sleep: a conflict retry whose Backoff sleeps up to 511s on the worker.
	slow := wait.Backoff{Steps: 10, Duration: time.Second, Factor: 2}
	if err := retry.OnError(slow, apierrors.IsConflict, func() error {
		if err := r.APIReader.Get(ctx, req.NamespacedName, &app); err != nil {
			return err
		}
		return r.Update(ctx, &app)
	}); err != nil {
		return ctrl.Result{}, err
	}
	// retryloop: the re-read goes through the cache.
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
			return err
		}
		app.Status.Ready = true
		return r.Status().Update(ctx, &app)
	}); err != nil {
		return ctrl.Result{}, err
	}
	// Not reported: the re-read goes through the API reader.
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.APIReader.Get(ctx, req.NamespacedName, &app); err != nil {
			return err
		}
		app.Status.Ready = true
		return r.Status().Update(ctx, &app)
	}); err != nil {
		return ctrl.Result{}, err
	}
	// errpoll: a failed status write logged and polled.
	meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue,
		Reason: "Available", ObservedGeneration: app.Generation})
	if err := r.Status().Update(ctx, &app); err != nil {
		logger.Error(err, "unable to update the App status")
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	// priorityonly: nothing is requeued, the priority is lost.
	if app.Spec.Critical {
		return ctrl.Result{Priority: ptrTo(100)}, nil
	}
	return ctrl.Result{}, nil
}

func ptrTo[T any](v T) *T { return &v }

// SetupWithManager registers the reconciler.
func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.APIReader = mgr.GetAPIReader()
	return ctrl.NewControllerManagedBy(mgr).For(&appv1.App{}).Owns(&appsv1.Deployment{}).Complete(r)
}

// GoodAppReconciler is the same controller written as the rules ask: nothing is
// reported in it.
type GoodAppReconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *GoodAppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app appv1.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Spec.Size < 0 {
		meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse,
			Reason: "InvalidSize", Message: "spec.size must be >= 0", ObservedGeneration: app.Generation})
		if err := r.Status().Update(ctx, &app); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errors.New("spec.size must be >= 0"))
	}
	var deploy appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: app.Name}, &deploy); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if deploy.Status.ReadyReplicas < app.Spec.Size {
		return ctrl.Result{}, nil // Owns(Deployment): its status change requeues the App
	}
	if err := r.Update(ctx, &deploy); err != nil {
		if apierrors.IsInvalid(err) {
			meta.SetStatusCondition(&app.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse,
				Reason: "InvalidDeployment", Message: err.Error(), ObservedGeneration: app.Generation})
			if serr := r.Status().Update(ctx, &app); serr != nil {
				return ctrl.Result{}, serr
			}
			return ctrl.Result{}, reconcile.TerminalError(err)
		}
		return ctrl.Result{}, err
	}
	if err := retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		if err := r.APIReader.Get(ctx, req.NamespacedName, &app); err != nil {
			return err
		}
		return r.Update(ctx, &app)
	}); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Status().Update(ctx, &app); err != nil {
		return ctrl.Result{}, fmt.Errorf("updating the App status: %w", err)
	}
	if app.Spec.Critical {
		return ctrl.Result{RequeueAfter: time.Minute, Priority: ptrTo(100)}, nil
	}
	// A loop over leader pods: each is retried by the helper, the loop moves on.
	for i := 0; i < 3; i++ {
		pod := fmt.Sprintf("%s-leader-%d", app.Name, i)
		if err := retry.OnError(retry.DefaultBackoff, apierrors.IsServiceUnavailable, func() error { return r.ping(ctx, pod) }); err != nil {
			continue
		}
		break
	}
	return ctrl.Result{}, nil
}

func (r *GoodAppReconciler) ping(ctx context.Context, pod string) error { return nil }

// StatusReconciler returns Requeue beside an error that may be non-nil.
type StatusReconciler struct{ client.Client }

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var app appv1.App
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	statusErr := r.Status().Update(ctx, &app)
	return ctrl.Result{Requeue: true}, statusErr
}
