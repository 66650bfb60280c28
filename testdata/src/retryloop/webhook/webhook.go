package webhook

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ConfigMapDefaulter struct{ c client.Client }

func (d *ConfigMapDefaulter) Default(ctx context.Context, obj *corev1.ConfigMap) error {
	var owner corev1.Secret
	for {
		if err := d.c.Get(ctx, client.ObjectKey{Name: "owner"}, &owner); err != nil { // want `^the loop re-runs d.c.Get after it fails, in a webhook: the API server waits for the webhook on every create, update or delete of the kinds it covers \(timeoutSeconds: 10s by default, at most 30s\) and, with failurePolicy Fail, rejects the write when the webhook does not answer in time; return the error and let the client retry \(Default\)$`
			time.Sleep(100 * time.Millisecond)
			continue
		}
		break
	}
	return nil
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.ConfigMap{}).WithDefaulter(&ConfigMapDefaulter{}).Complete()
}

// A look-alike: never used as a defaulter.
type NotADefaulter struct{ c client.Client }

func (d *NotADefaulter) Default(ctx context.Context, obj runtime.Object) error {
	var owner corev1.Secret
	for {
		if err := d.c.Get(ctx, client.ObjectKey{Name: "owner"}, &owner); err != nil {
			continue
		}
		return nil
	}
}
