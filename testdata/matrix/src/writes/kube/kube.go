// Package kube holds write helpers that compile on every release: they take concrete
// types, which are a runtime.Object (v0.6) and a client.Object (v0.7 on).
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// WritePodStatus writes the status of pod on every call: through client.StatusWriter
// before v0.14, client.SubResourceWriter from v0.14 on.
func WritePodStatus(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	return c.Status().Update(ctx, pod)
}
