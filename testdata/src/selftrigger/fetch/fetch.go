// Package fetch reads the reconciled object for controllers of other packages.
package fetch

import (
	"context"

	"k8s.io/apimachinery/pkg/types"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Object reads the request's object into obj.
func Object(ctx context.Context, c client.Client, req ctrl.Request, obj client.Object) error {
	return c.Get(ctx, req.NamespacedName, obj)
}

// Named reads the object name in namespace ns into obj.
func Named(ctx context.Context, c client.Client, ns, name string, obj client.Object) error {
	return c.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, obj)
}
