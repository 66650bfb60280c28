package negative

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
	// A DeepCopy taken several statements before the change.
	patch := client.MergeFrom(w.DeepCopy())
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["a"] = "b"
	w.Spec.Paused = true
	if err := r.Patch(ctx, w, patch); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A copy held in another variable before the change.
func (r *Reconciler) copyFirst(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	w.Spec.Replicas = 3
	return r.Patch(ctx, w, client.MergeFrom(orig))
}

// The base is the original, the patched object is the changed copy.
func (r *Reconciler) patchCopy(ctx context.Context, w *api.Widget) error {
	desired := w.DeepCopy()
	desired.Spec.Paused = true
	return r.Status().Patch(ctx, desired, client.MergeFromWithOptions(w, client.MergeFromWithOptimisticLock{}))
}

// The variable is pointed at a new object before the Patch.
func (r *Reconciler) reassigned(ctx context.Context, w *api.Widget) error {
	patch := client.MergeFrom(w)
	w = w.DeepCopy()
	w.Spec.Paused = true
	return r.Patch(ctx, w, patch)
}

// The patch variable is rebuilt from a copy before the Patch.
func (r *Reconciler) rebuilt(ctx context.Context, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod.DeepCopy())
	pod.Spec.NodeName = "a"
	if err := r.Patch(ctx, pod, patch); err != nil {
		return err
	}
	patch = client.MergeFrom(pod.DeepCopy())
	pod.Spec.NodeName = "b"
	return r.Patch(ctx, pod, patch)
}

// Patch of another object with a patch built from this one's base is not this rule's
// business, and neither are raw patches.
func (r *Reconciler) other(ctx context.Context, a, b *api.Widget) error {
	if err := r.Patch(ctx, b, client.MergeFrom(a)); err != nil {
		return err
	}
	return r.Patch(ctx, a, client.RawPatch("application/merge-patch+json", []byte(`{}`)))
}

// A patch passed in by the caller.
func (r *Reconciler) given(ctx context.Context, w *api.Widget, patch client.Patch) error {
	w.Spec.Paused = true
	return r.Patch(ctx, w, patch)
}
