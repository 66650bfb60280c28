package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	owner string
}

func (r *R) missing(ctx context.Context, cm *corev1.ConfigMap, ac runtime.ApplyConfiguration) {
	_ = r.Patch(ctx, cm, client.Apply)                                    // want `server-side apply without a client.FieldOwner option: the API server rejects`
	_ = r.Apply(ctx, ac)                                                  // want `server-side apply without a client.FieldOwner option`
	_ = r.Status().Apply(ctx, ac, client.DryRunAll)                       // want `server-side apply without a client.FieldOwner option`
	_ = r.SubResource("scale").Patch(ctx, cm, client.Apply)               // want `server-side apply without a client.FieldOwner option`
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{DryRun: nil}) // want `server-side apply without a client.FieldOwner option`
}

// missingInSlice builds the options in a slice, as cluster-api's helpers do.
func (r *R) missingInSlice(ctx context.Context, ac runtime.ApplyConfiguration, dry bool) {
	var opts []client.ApplyOption
	if dry {
		opts = append(opts, client.DryRunAll)
	}
	_ = r.Apply(ctx, ac, opts...) // want `server-side apply without a client.FieldOwner option`
}

func (r *R) empty(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner("")) // want `server-side apply with an empty field owner`
}

func (r *R) nonConst(ctx context.Context, cm *corev1.ConfigMap, ac runtime.ApplyConfiguration) {
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner(cm.Name))                  // want `the field owner of a server-side apply is not a constant: fields applied under one manager name stay owned by it`
	_ = r.Apply(ctx, ac, client.FieldOwner(r.owner))                                // want `the field owner of a server-side apply is not a constant`
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{FieldManager: cm.Name}) // want `the field owner of a server-side apply is not a constant`
	owner := "op-" + cm.Namespace
	_ = r.Apply(ctx, ac, client.FieldOwner(owner)) // want `the field owner of a server-side apply is not a constant`
}

var mutableOwner = client.FieldOwner("a")

func SetOwner(o string) { mutableOwner = client.FieldOwner(o) }

func (r *R) reassignedGlobal(ctx context.Context, ac runtime.ApplyConfiguration) {
	_ = r.Apply(ctx, ac, mutableOwner) // want `the field owner of a server-side apply is not a constant`
}

func (r *R) force(ctx context.Context, cm *corev1.ConfigMap, ac runtime.ApplyConfiguration) {
	_ = r.Patch(ctx, cm, client.Apply, client.FieldOwner("op"), client.ForceOwnership) // want `client.ForceOwnership takes fields that other managers`
	_ = r.Status().Apply(ctx, ac, client.ForceOwnership, client.FieldOwner("op"))      // want `client.ForceOwnership takes fields`
	force := true
	_ = r.Patch(ctx, cm, client.Apply, &client.PatchOptions{FieldManager: "op", Force: &force}) // want `client.ForceOwnership takes fields`
	opts := []client.ApplyOption{
		client.FieldOwner("op"),
		client.ForceOwnership, // want `client.ForceOwnership takes fields`
	}
	_ = r.Apply(ctx, ac, opts...)
}
