package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"statusupdate/api"
	"statusupdate/helpers"
)

type Reconciler struct {
	client.Client
	patcher *helpers.Patcher
}

// Spec first, then the status through the subresource.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status is written on every path before the main write.
func (r *Reconciler) statusFirst(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Spec.Paused = false
	return r.Update(ctx, w)
}

// A deferred status patch covers every return.
func (r *Reconciler) deferred(ctx context.Context, pod *corev1.Pod) (err error) {
	base := pod.DeepCopy()
	defer func() {
		if perr := r.Status().Patch(ctx, pod, client.MergeFrom(base)); perr != nil && err == nil {
			err = perr
		}
	}()
	pod.Status.Message = "reconciling"
	return r.Update(ctx, pod)
}

// A patch helper of the module that writes object and status (cluster-api's
// patch.Helper): not an Update of the main resource.
func (r *Reconciler) patchHelper(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	if err := r.patcher.Patch(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// A helper that changes and writes the status.
func (r *Reconciler) helperWrites(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = false
	if err := helpers.SaveStatus(ctx, r.Client, w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// Another object is updated; this one's status change is written by SubResource.
func (r *Reconciler) otherObject(ctx context.Context, w *api.Widget, cm *corev1.ConfigMap) error {
	w.Status.Ready = true
	if err := r.Update(ctx, cm); err != nil {
		return err
	}
	return r.SubResource("status").Update(ctx, w)
}

// The variable is re-read before the main write.
func (r *Reconciler) reread(ctx context.Context, w *api.Widget) error {
	w.Status.Ready = true
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	w.Spec.Paused = true
	return r.Update(ctx, w)
}

// Reads of the status and a helper that only reads.
func (r *Reconciler) reads(ctx context.Context, w *api.Widget) error {
	if helpers.IsReady(w) && w.Status.Ready {
		w.Spec.Replicas++
	}
	return r.Update(ctx, w)
}

// A status change that is not written in this function (the caller writes it).
func (r *Reconciler) noWrite(w *api.Widget) {
	w.Status.Ready = true
}

// A copy's status changes; the original is written.
func (r *Reconciler) copyChanged(ctx context.Context, w *api.Widget) error {
	desired := w.DeepCopy()
	desired.Status.Ready = true
	return r.Update(ctx, w)
}

// The status change is written on one branch, the spec change on the other.
func (r *Reconciler) branches(ctx context.Context, w *api.Widget, statusOnly bool) error {
	if statusOnly {
		w.Status.Ready = true
		return r.Status().Update(ctx, w)
	}
	w.Spec.Paused = true
	return r.Update(ctx, w)
}

// Gadget's markers (in another package) leave the status subresource off: Update
// persists the status.
func (r *Reconciler) gadget(ctx context.Context, g *api.Gadget) error {
	g.Status.Ready = true
	meta.SetStatusCondition(&g.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	return r.Update(ctx, g)
}

// +kubebuilder:object:root=true

// localKind is declared here, with markers that leave the status subresource off.
type localKind struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status api.WidgetStatus
}

func (in *localKind) DeepCopyObject() runtime.Object { out := *in; return &out }

func (r *Reconciler) local(ctx context.Context, k *localKind) error {
	k.Status.Ready = true
	return r.Patch(ctx, k, client.MergeFrom(k))
}
