package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"statusupdate/api"
	"statusupdate/helpers"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	if err := r.Update(ctx, w); err != nil { // want `meta.SetStatusCondition changes w.Status, then the object is written with Update of the main resource and no status write: the API server ignores status changes there when the status subresource is enabled, so the change is lost: write the status with Status\(\).Update \(Reconcile\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Assignment, then a Patch of the main resource.
func (r *Reconciler) phase(ctx context.Context, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod.DeepCopy())
	pod.Status.Phase = corev1.PodRunning
	return r.Patch(ctx, pod, patch) // want `pod.Status.Phase is set, then the object is written with Patch of the main resource`
}

// Only on some path: the status write is skipped when the object is paused.
func (r *Reconciler) somePath(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Ready is set, then the object is written with Update`
		return err
	}
	if w.Spec.Paused {
		return nil
	}
	return r.Status().Update(ctx, w)
}

// A helper of this package and append.
func (r *Reconciler) viaLocalHelper(ctx context.Context, w *api.Widget) error {
	r.degrade(w)
	return r.Update(ctx, w) // want `r.degrade changes w.Status, then the object is written with Update`
}

func (r *Reconciler) degrade(w *api.Widget) {
	w.Status.Conditions = append(w.Status.Conditions, metav1.Condition{Type: "Degraded"})
}

// A helper of another package, known through its fact.
func (r *Reconciler) viaFact(ctx context.Context, w *api.Widget) error {
	helpers.MarkReady(w, "Available")
	return r.Update(ctx, w) // want `helpers.MarkReady changes w.Status, then the object is written with Update`
}

// A generated setter method.
func (r *Reconciler) viaSetter(ctx context.Context, w *api.Widget) error {
	w.SetConditions(nil)
	return r.Update(ctx, w) // want `w.SetConditions changes w.Status, then the object is written with Update`
}

// A later status write does not save the change: the Update's response has replaced
// w.Status with the stored status.
func (r *Reconciler) statusAfter(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	w.Spec.Paused = true
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Ready is set, then the object is written with Update`
		return err
	}
	return r.Status().Update(ctx, w)
}

// Gizmo's markers enable the status subresource: the change is lost.
func (r *Reconciler) gizmo(ctx context.Context, g *api.Gizmo) error {
	g.Status.Ready = true
	return r.Update(ctx, g) // want `g.Status.Ready is set, then the object is written with Update`
}
