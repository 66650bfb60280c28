package webhook

import (
	"context"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type PodValidator struct{ c client.Client }

func (v *PodValidator) ValidateCreate(ctx context.Context, obj *corev1.Pod) (admission.Warnings, error) {
	go v.audit(ctx, obj) // want `^goroutine started in a webhook is not waited for: the API server has its answer before the goroutine ends, its error reaches no one, it outlives the request's ctx, and every create, update or delete of the kinds the webhook covers starts another; do the work inline, or in a controller \(ValidateCreate\)$`
	return nil, nil
}

func (v *PodValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *corev1.Pod) (admission.Warnings, error) {
	// Waited for before the answer: fine.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		v.audit(ctx, newObj)
	}()
	wg.Wait()
	return nil, nil
}

func (v *PodValidator) ValidateDelete(ctx context.Context, obj *corev1.Pod) (admission.Warnings, error) {
	return nil, nil
}

func (v *PodValidator) audit(ctx context.Context, obj *corev1.Pod) { _ = v.c.Update(ctx, obj) }

func Setup(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Pod{}).WithValidator(&PodValidator{}).Complete()
}

// A look-alike: never used as a validator.
type NotAValidator struct{}

func (NotAValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	go func() {}()
	return nil, nil
}
