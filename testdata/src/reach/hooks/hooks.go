package hooks

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type Validator struct{}

func (v *Validator) ValidateCreate(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	return nil, check(ctx)
}

func (v *Validator) ValidateUpdate(ctx context.Context, oldObj, newObj *corev1.Secret) (admission.Warnings, error) {
	return nil, shared(ctx)
}

func (v *Validator) ValidateDelete(ctx context.Context, obj *corev1.Secret) (admission.Warnings, error) {
	go background()
	return nil, nil
}

func check(ctx context.Context) error { return nil }

func background() {}

// shared is reached from both kinds: Reconcile wins.
func shared(ctx context.Context) error { return nil }

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, shared(ctx)
}

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).WithValidator(&Validator{}).Complete()
}
