package basic

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
)

// A test double declared in a test file is not an entry point.
type fakeDefaulter struct{}

func (fakeDefaulter) Default(ctx context.Context, obj runtime.Object) error { return nil }

func setupFakes(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).
		WithCustomDefaulter(fakeDefaulter{}).
		WithCustomValidator(testOnlyValidator{}).
		Complete()
}
