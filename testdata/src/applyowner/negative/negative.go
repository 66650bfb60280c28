package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const fieldOwner = client.FieldOwner("my-operator")

const managerName = "my-operator"

var pkgOwner = client.FieldOwner(managerName) // never reassigned

type R struct{ client.Client }

func (r *R) constants(ctx context.Context, cm *corev1.ConfigMap, ac runtime.ApplyConfiguration) {
	_ = r.Patch(ctx, cm, client.Apply, fieldOwner)
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner(managerName))
	_ = r.Apply(ctx, ac, client.FieldOwner("my-operator"), client.DryRunAll)
	_ = r.Status().Apply(ctx, ac, pkgOwner)
	_ = r.SubResource("status").Patch(ctx, cm, client.Apply, fieldOwner)
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{FieldManager: managerName})
	name := "a"
	if cm.Namespace == "" {
		name = "b"
	}
	_ = r.Apply(ctx, ac, client.FieldOwner(name)) // every assignment is constant
}

// Not server-side apply: no field manager needed.
func (r *R) otherPatches(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Patch(ctx, cm, client.Merge)
	_ = r.Patch(ctx, cm, client.MergeFrom(cm.DeepCopy()), client.ForceOwnership)
	_ = r.Update(ctx, cm)
}

// Options in a slice built in the same function, as cluster-api's serverSidePatchHelper.
func (r *R) slice(ctx context.Context, ac runtime.ApplyConfiguration, dry bool) {
	opts := []client.ApplyOption{fieldOwner}
	if dry {
		opts = append(opts, client.DryRunAll)
	}
	_ = r.Apply(ctx, ac, opts...)
}

// The caller chooses the owner, or passes the options: call sites are not followed.
func apply(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration, owner string, opts ...client.ApplyOption) error {
	if err := c.Apply(ctx, ac, client.FieldOwner(owner)); err != nil {
		return err
	}
	return c.Apply(ctx, ac, opts...)
}

// An option of another package may set the owner.
type ownerOption struct{}

func (ownerOption) ApplyToApply(o *client.ApplyOptions) { o.FieldManager = managerName }

func (r *R) custom(ctx context.Context, ac runtime.ApplyConfiguration, o client.ApplyOption) {
	_ = r.Apply(ctx, ac, ownerOption{})
	_ = r.Apply(ctx, ac, o)
	_ = r.Apply(ctx, ac, options()...)
}

func options() []client.ApplyOption { return []client.ApplyOption{fieldOwner} }

// A helper named Apply that is not a client call.
type applier struct{}

func (applier) Apply(ctx context.Context, ac runtime.ApplyConfiguration) error { return nil }

func (r *R) notClient(ctx context.Context, ac runtime.ApplyConfiguration) {
	_ = applier{}.Apply(ctx, ac)
}

// Force with an explicit false.
func (r *R) noForce(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{FieldManager: managerName, Force: nil})
}
