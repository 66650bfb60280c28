package webhook

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type SecretWebhook struct{}

func (w *SecretWebhook) ValidateCreate(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	time.Sleep(time.Second) // want `^time.Sleep blocks the webhook: the API server waits for the webhook on every create, update or delete of the kinds it covers \(timeoutSeconds: 10s by default, at most 30s\) and, with failurePolicy Fail, rejects the write when the webhook does not answer in time; do not wait in a webhook, decide from what is known now \(ValidateCreate\)$`
	return nil, nil
}

func (w *SecretWebhook) ValidateUpdate(ctx context.Context, oldObj, newObj *corev1.Secret) (admission.Warnings, error) {
	return nil, w.probe()
}

func (w *SecretWebhook) probe() error {
	<-time.After(time.Second) // want `^receive from time.After blocks the webhook: .* \(ValidateUpdate → probe\)$`
	return nil
}

func (w *SecretWebhook) ValidateDelete(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	return nil, nil
}

func (w *SecretWebhook) Default(ctx context.Context, obj *corev1.Secret) error {
	time.Sleep(time.Millisecond) // want `^time.Sleep blocks the webhook: .* \(Default\)$`
	return nil
}

func Setup(mgr ctrl.Manager) error {
	w := &SecretWebhook{}
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).WithValidator(w).WithDefaulter(w).Complete()
}

// A look-alike: never used as a defaulter, so its sleep is nobody's problem here.
type NotADefaulter struct{}

func (NotADefaulter) Default(ctx context.Context, obj runtime.Object) error {
	time.Sleep(time.Second)
	return nil
}

// Work started on another goroutine does not hold the request.
func (w *SecretWebhook) Handle(ctx context.Context, req admission.Request) admission.Response {
	go func() { time.Sleep(time.Second) }()
	return admission.Allowed("")
}

var _ admission.Handler = &SecretWebhook{}
