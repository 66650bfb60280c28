// Package xpkg calls the status helpers of another package: their facts say which
// write's error they return.
package xpkg

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"droppederr/xpkg/status"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	switch cm.Data["case"] {
	case "discarded":
		status.Update(ctx, r.Client, &cm) // want `^the error of status\.Update \(Status\(\)\.Update\) is discarded: a failed status write is not retried and the status is lost until the next event of the object \(Reconcile\)$`
		return ctrl.Result{}, nil
	case "logged":
		if err := status.Save(ctx, r.Client, &cm); err != nil { // want `the error of status\.Save → status\.Update \(Status\(\)\.Update\) is only logged`
			fmt.Println("saving:", err)
		}
		return ctrl.Result{}, nil
	case "blank":
		_ = status.Label(ctx, r.Client, &cm, client.MergeFrom(cm.DeepCopy())) // want `the error of status\.Label \(Patch\) is discarded: a failed write is not retried`
		return ctrl.Result{}, nil
	case "returned":
		// Negative: the caller returns the helper's error.
		return ctrl.Result{}, status.Save(ctx, r.Client, &cm)
	case "checked":
		// Negative: the caller returns it after a test.
		if err := status.Update(ctx, r.Client, &cm); err != nil {
			return ctrl.Result{}, fmt.Errorf("updating: %w", err)
		}
		return ctrl.Result{}, nil
	case "quiet":
		// Negative: Quiet returns nil; what it drops is judged in its own package.
		_ = status.Quiet(ctx, r.Client, &cm)
		return ctrl.Result{}, nil
	case "validate":
		// Negative: Validate's error is not a write's.
		_ = status.Validate(ctx, &cm)
		return ctrl.Result{}, nil
	}
	// Negative: logged, but the reconcile requeues.
	if err := status.Update(ctx, r.Client, &cm); err != nil {
		fmt.Println("retrying:", err)
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}
