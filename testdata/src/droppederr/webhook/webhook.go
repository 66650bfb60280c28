package webhook

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// Rules about reconcile results, status writes and dropped write errors do not report
// from webhook entry points: their consequences (a lost status until the next event, a
// key that is not requeued) are about the controller's queue.
type SecretValidator struct{ c client.Client }

func (v *SecretValidator) ValidateCreate(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	var cm corev1.ConfigMap
	v.c.Status().Update(ctx, &cm)
	_ = v.c.Update(ctx, &cm)
	return nil, nil
}

func (v *SecretValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *corev1.Secret) (admission.Warnings, error) {
	return nil, nil
}

func (v *SecretValidator) ValidateDelete(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	return nil, nil
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).WithValidator(&SecretValidator{}).Complete()
}
