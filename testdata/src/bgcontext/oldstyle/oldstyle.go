// Package oldstyle has a pre-v0.7 reconciler: there is no request ctx to prefer.
package oldstyle

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Reconcile(req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	return ctrl.Result{}, r.Get(context.TODO(), req.NamespacedName, obj)
}
