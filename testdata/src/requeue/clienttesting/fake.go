// Package clienttesting has a name that ends in testing: test support. Nothing is
// reported here.
package clienttesting

import (
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

var Requeued = reconcile.Result{Requeue: true}
