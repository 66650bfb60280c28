package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

const owner = client.FieldOwner("op")

// The reconciled object, read and applied back.
func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"k": "v"}
	return reconcile.Result{}, r.Patch(ctx, &cm, client.Apply, owner) // want `server-side apply of &cm, which was read from the cluster by r.Get at line 18: the apply sends every field of the live object`
}

// The status of a read object.
func (r *R) status(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	return r.Status().Patch(ctx, pod, client.Apply, owner) // want `server-side apply of pod, which was read from the cluster by r.Get at line 28`
}

// The elements of a List, by range variable and by index.
func (r *R) list(ctx context.Context) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for _, p := range pods.Items {
		if err := r.Patch(ctx, &p, client.Apply, owner); err != nil { // want `server-side apply of &p, which was read from the cluster by r.List at line 37`
			return err
		}
	}
	for i := range pods.Items {
		if err := r.Patch(ctx, &pods.Items[i], client.Apply, owner); err != nil { // want `server-side apply of &pods.Items\[i\], which was read from the cluster by r.List`
			return err
		}
	}
	return nil
}

// A DeepCopy and a copy of a read object are read objects too.
func (r *R) copies(ctx context.Context, key client.ObjectKey) error {
	live := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := live.DeepCopy()
	desired.Data = map[string]string{"k": "v"}
	if err := r.Patch(ctx, desired, client.Apply, owner); err != nil { // want `server-side apply of desired, which was read from the cluster by r.Get at line 56`
		return err
	}
	again := *live
	return r.Patch(ctx, &again, client.Apply, owner) // want `server-side apply of &again, which was read from the cluster by r.Get at line 56`
}

// In a closure, through the reader of a client.
func (r *R) closure(ctx context.Context, c client.Client, key client.ObjectKey) func() error {
	return func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return c.Patch(ctx, &cm, client.Apply, owner) // want `server-side apply of &cm, which was read from the cluster by c.Get`
	}
}

// A sub-resource writer.
func (r *R) scale(ctx context.Context, key client.ObjectKey) error {
	var pod corev1.Pod
	if err := r.Get(ctx, key, &pod); err != nil {
		return err
	}
	return r.SubResource("scale").Patch(ctx, &pod, client.Apply, owner) // want `server-side apply of &pod, which was read from the cluster by r.Get`
}
