package webhook

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/source"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type ServiceDefaulter struct{ mgr manager.Manager }

func (d *ServiceDefaulter) Default(ctx context.Context, obj runtime.Object) error {
	src := source.Kind[client.Object](d.mgr.GetCache(), &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}) // want `^source.Kind in a webhook: every admission request adds another watch or handler, leaking informers and duplicating events, and the first one waits for a cache sync while the API server waits for the webhook: start it once at set-up or deduplicate it \(Default\)$`
	_ = src
	return nil
}

var _ admission.CustomDefaulter = &ServiceDefaulter{}

// A look-alike: never used as a defaulter.
type NotADefaulter struct{ mgr manager.Manager }

func (d *NotADefaulter) Default(ctx context.Context, obj runtime.Object) error {
	_ = source.Kind[client.Object](d.mgr.GetCache(), &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{})
	return nil
}
