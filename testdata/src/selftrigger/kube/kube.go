// Package kube holds write helpers of another package than the reconcilers.
package kube

import (
	"context"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateStatus writes the status of obj on every call.
func UpdateStatus(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Status().Update(ctx, obj)
}

// Save writes obj through UpdateObject: the write is two helpers down.
func Save(ctx context.Context, c client.Client, obj client.Object) error {
	if obj == nil {
		return nil
	}
	return UpdateObject(ctx, c, obj)
}

// UpdateObject writes obj (the main resource) on every call.
func UpdateObject(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Update(ctx, obj)
}

// PatchStatusIfChanged writes only when the status changed.
func PatchStatusIfChanged(ctx context.Context, c client.Client, before, obj client.Object) error {
	if reflect.DeepEqual(before, obj) {
		return nil
	}
	return c.Status().Update(ctx, obj)
}

// SaveIf writes through UpdateObject only when asked: its callers decide.
func SaveIf(ctx context.Context, c client.Client, obj client.Object, changed bool) error {
	if changed {
		return UpdateObject(ctx, c, obj)
	}
	return nil
}
