package webhook

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type SecretValidator struct{ c client.Client }

func (v *SecretValidator) ValidateCreate(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	var list corev1.ConfigMapList
	return nil, v.c.List(context.Background(), &list) // want `^context.Background\(\) detaches the work from the admission request's ctx: it goes on after the API server gives up on the webhook at its timeout \(10s by default, at most 30s\) and cancels the request, and loses the request logger: use ctx \(ValidateCreate\)$`
}

func (v *SecretValidator) ValidateUpdate(_ context.Context, oldObj, newObj *corev1.Secret) (admission.Warnings, error) {
	return nil, v.lookup()
}

func (v *SecretValidator) lookup() error {
	var cm corev1.ConfigMap
	return v.c.Get(context.TODO(), client.ObjectKey{Name: "x"}, &cm) // want `^context.TODO\(\) detaches the work from the admission request's ctx: .*: pass the webhook's ctx down to here \(ValidateUpdate → lookup\)$`
}

func (v *SecretValidator) ValidateDelete(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	return nil, nil
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).WithValidator(&SecretValidator{}).Complete()
}

// A look-alike: never used as a validator, so not reported as a webhook. It is still a
// method that ignores the ctx it is given, reported as such (not as a webhook's).
type NotAValidator struct{ c client.Client }

func (v NotAValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	var list corev1.ConfigMapList
	return nil, v.c.List(context.Background(), &list) // want `^context.Background\(\) detaches the work from the ctx its callers pass: .*: use ctx \(ValidateCreate\)$`
}

// Conversions get no ctx from the webhook server: there is no request ctx to pass.
type Hub struct{}

func (*Hub) GetObjectKind() schema.ObjectKind { return nil }
func (h *Hub) DeepCopyObject() runtime.Object { return h }
func (*Hub) Hub()                             {}

type Spoke struct{ c client.Client }

func (*Spoke) GetObjectKind() schema.ObjectKind { return nil }
func (s *Spoke) DeepCopyObject() runtime.Object { return s }

func (s *Spoke) ConvertTo(dst conversion.Hub) error {
	var cm corev1.ConfigMap
	return s.c.Get(context.Background(), client.ObjectKey{Name: "x"}, &cm)
}

func (s *Spoke) ConvertFrom(src conversion.Hub) error { return nil }
