package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"mergefrom/api"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Inline: the base is the object the Patch sends.
	w.Spec.Paused = true
	if err := r.Patch(ctx, w, client.MergeFrom(w)); err != nil { // want `client.MergeFrom is given w, the object this Patch sends: the patch is always empty and the change is lost: take the base with DeepCopy before changing the object \(Reconcile\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.pause(ctx, w)
}

func (r *Reconciler) pause(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFrom(w) // want `client.MergeFrom is given w, the object later patched, not a copy: the patch is always empty and the change is lost: pass w.DeepCopy\(\) \(Reconcile → pause\)`
	w.Spec.Replicas = 0
	return r.Patch(ctx, w, patch)
}

// Status writer, options variant, a value object addressed with &.
func (r *Reconciler) markReady(ctx context.Context, w *api.Widget, pod corev1.Pod) error {
	patch := client.MergeFromWithOptions(w, client.MergeFromWithOptimisticLock{}) // want `client.MergeFromWithOptions is given w, the object later patched`
	w.Status.Ready = true
	if err := r.Status().Patch(ctx, w, patch); err != nil {
		return err
	}
	var base client.Patch
	base = client.StrategicMergeFrom(&pod) // want `client.StrategicMergeFrom is given &pod, the object later patched, not a copy: the patch is always empty and the change is lost: pass pod.DeepCopy\(\)`
	pod.Spec.NodeName = "n1"
	return r.Patch(ctx, &pod, base)
}

type holder struct {
	obj *api.Widget
}

// A field of a struct.
func (r *Reconciler) field(ctx context.Context, h *holder) error {
	p := client.MergeFrom(h.obj) // want `client.MergeFrom is given h.obj, the object later patched`
	h.obj.Spec.Paused = false
	return r.Patch(ctx, h.obj, p)
}

// An interface-typed object: reported, no fix (no DeepCopy method).
func (r *Reconciler) generic(ctx context.Context, obj client.Object) error {
	p := client.MergeFrom(obj) // want `client.MergeFrom is given obj, the object later patched, not a copy: the patch is always empty and the change is lost: pass a copy made with DeepCopyObject`
	obj.SetLabels(map[string]string{"a": "b"})
	return r.Patch(ctx, obj, p)
}
