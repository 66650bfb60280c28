// Package kube holds helpers of the module that event callbacks of other packages call.
package kube

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Label writes a label on the object.
func Label(ctx context.Context, c client.Client, obj client.Object) error { // want Label:"sideeffect: kube.Label → client Update"
	obj.SetLabels(map[string]string{"seen": "true"})
	return c.Update(ctx, obj)
}

// Relabel writes through Label, one more level down.
func Relabel(ctx context.Context, c client.Client, obj client.Object) error { // want Relabel:"sideeffect: kube.Relabel → kube.Label → client Update"
	return Label(ctx, c, obj)
}

// Owners reads: it maps an object to requests without side effects.
func Owners(ctx context.Context, c client.Reader, obj client.Object) []reconcile.Request {
	var list client.ObjectList
	_ = c.List(ctx, list)
	return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(obj)}}
}
