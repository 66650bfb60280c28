// Package kube is a helper package of the module, with no reconciler of its own: its
// retry loop is reported at the call in the controller that reaches it.
package kube

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnsureConfig retries the create until it succeeds.
func EnsureConfig(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return create(ctx, c, cm)
}

func create(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	for {
		if err := c.Create(ctx, cm); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// UpdateWithAttempts retries the update a few times.
func UpdateWithAttempts(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.Update(ctx, cm); err == nil {
			return nil
		}
	}
	return err
}

// CreateReplicas creates one object per turn: an item loop, not a retry.
func CreateReplicas(ctx context.Context, c client.Client, n int) error {
	for i := 0; i < n; i++ {
		cm := &corev1.ConfigMap{}
		cm.Name = fmt.Sprintf("replica-%d", i)
		if err := c.Create(ctx, cm); err != nil {
			return err
		}
	}
	return nil
}

// CreateAll creates the objects of a list, collecting the errors.
func CreateAll(ctx context.Context, c client.Client, cms []corev1.ConfigMap) error {
	var errs []error
	for i := range cms {
		if err := c.Create(ctx, &cms[i]); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// Once tries once and returns the error: no loop.
func Once(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}
