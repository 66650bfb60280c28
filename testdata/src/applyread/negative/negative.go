package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

const owner = client.FieldOwner("op")

// An object built in the function with only the fields this controller sets.
func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var parent corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &parent); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	child := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: parent.Name + "-child", Namespace: parent.Namespace},
		Data:       map[string]string{"k": "v"},
	}
	return reconcile.Result{}, r.Patch(ctx, child, client.Apply, owner)
}

// new(T) and a var declaration are fresh objects.
func (r *R) fresh(ctx context.Context, key client.ObjectKey) error {
	cm := new(corev1.ConfigMap)
	cm.Name, cm.Namespace = key.Name, key.Namespace
	if err := r.Patch(ctx, cm, client.Apply, owner); err != nil {
		return err
	}
	var pod corev1.Pod
	pod.Name = key.Name
	return r.Status().Patch(ctx, &pod, client.Apply, owner)
}

// Rebuilt after the read: the variable holds a fresh object at the apply.
func (r *R) rebuilt(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	return r.Patch(ctx, cm, client.Apply, owner)
}

// A DeepCopy of a fresh object.
func (r *R) copyFresh(ctx context.Context, key client.ObjectKey) error {
	base := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	desired := base.DeepCopy()
	return r.Patch(ctx, desired, client.Apply, owner)
}

// Apply configurations, on the client and on the status writer.
func (r *R) applyConfig(ctx context.Context, ac runtime.ApplyConfiguration) error {
	if err := r.Apply(ctx, ac, owner); err != nil {
		return err
	}
	return r.Status().Apply(ctx, ac, owner)
}

// A merge patch of a read object is not an apply.
func (r *R) merge(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	base := cm.DeepCopy()
	cm.Data = map[string]string{"k": "v"}
	return r.Patch(ctx, cm, client.MergeFrom(base))
}

// The read comes after the apply.
func (r *R) readAfter(ctx context.Context, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	if err := r.Patch(ctx, cm, client.Apply, owner); err != nil {
		return err
	}
	return r.Get(ctx, key, cm)
}

// A parameter or a value from another call: its origin is not visible.
func (r *R) param(ctx context.Context, cm *corev1.ConfigMap, build func() *corev1.ConfigMap) error {
	if err := r.Patch(ctx, cm, client.Apply, owner); err != nil {
		return err
	}
	built := build()
	return r.Patch(ctx, built, client.Apply, owner)
}

// Range over a slice that was not listed from the cluster.
func (r *R) rangeFresh(ctx context.Context, key client.ObjectKey) error {
	var pods corev1.PodList
	pods.Items = append(pods.Items, corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: key.Name}})
	for _, p := range pods.Items {
		if err := r.Patch(ctx, &p, client.Apply, owner); err != nil {
			return err
		}
	}
	return nil
}

// The live object is read to compare, and a fresh object copies only its identity.
func (r *R) compare(ctx context.Context, key client.ObjectKey) error {
	existing := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, existing); err != nil {
		return client.IgnoreNotFound(err)
	}
	desired := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: existing.Name, Namespace: existing.Namespace}}
	desired.Data = map[string]string{"k": "v"}
	if existing.Data["k"] == "v" {
		return nil
	}
	return r.Patch(ctx, desired, client.Apply, owner)
}
