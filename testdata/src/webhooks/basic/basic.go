package basic

import (
	"context"
	"net/http"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// A generic validator and defaulter given to the builder.
type ConfigMapWebhook struct{}

func (w *ConfigMapWebhook) ValidateCreate(ctx context.Context, obj *corev1.ConfigMap) (admission.Warnings, error) { // want ValidateCreate:"webhook validator"
	return nil, nil
}

func (w *ConfigMapWebhook) ValidateUpdate(ctx context.Context, oldObj, newObj *corev1.ConfigMap) (admission.Warnings, error) { // want ValidateUpdate:"webhook validator"
	return nil, nil
}

func (w *ConfigMapWebhook) ValidateDelete(_ context.Context, obj *corev1.ConfigMap) (admission.Warnings, error) { // want ValidateDelete:"webhook validator"
	return nil, nil
}

func (w *ConfigMapWebhook) Default(ctx context.Context, obj *corev1.ConfigMap) error { // want Default:"webhook defaulter"
	return nil
}

// Not an admission method: never called by the webhook server.
func (w *ConfigMapWebhook) validateName(ctx context.Context, name string) error { return nil }

func SetupConfigMapWebhook(mgr ctrl.Manager) error {
	w := &ConfigMapWebhook{}
	return ctrl.NewWebhookManagedBy(mgr, &corev1.ConfigMap{}).
		WithValidator(w).
		WithDefaulter(w).
		Complete()
}

// A custom validator and defaulter (runtime.Object) given to the builder's deprecated
// methods.
type SecretValidator struct{}

func (SecretValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateCreate:"webhook validator"
	return nil, nil
}

func (SecretValidator) ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) { // want ValidateUpdate:"webhook validator"
	return nil, nil
}

func (SecretValidator) ValidateDelete(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateDelete:"webhook validator"
	return nil, nil
}

type SecretDefaulter struct{}

func (*SecretDefaulter) Default(ctx context.Context, obj runtime.Object) error { // want Default:"webhook defaulter"
	return nil
}

func SetupSecretWebhook(mgr manager.Manager) error {
	return builder.WebhookManagedBy(mgr, &corev1.Secret{}).
		WithCustomValidator(SecretValidator{}).
		WithCustomDefaulter(&SecretDefaulter{}).
		Complete()
}

// A raw handler stored in admission.Webhook and registered with the server.
type PodHandler struct{}

func (h *PodHandler) Handle(ctx context.Context, req admission.Request) admission.Response { // want Handle:"webhook handler"
	return admission.Allowed("")
}

func RegisterPodHandler(mgr manager.Manager) {
	mgr.GetWebhookServer().Register("/pods", &webhook.Admission{Handler: &PodHandler{}})
}

// A function converted to admission.HandlerFunc.
func handleNodes(ctx context.Context, req admission.Request) admission.Response { // want handleNodes:"webhook handler"
	return admission.Allowed("")
}

func RegisterNodes(mgr manager.Manager) {
	mgr.GetWebhookServer().Register("/nodes", &admission.Webhook{Handler: admission.HandlerFunc(handleNodes)})
}

// A validator returned as admission.CustomValidator from a constructor, used with
// admission.WithCustomValidator.
type quotaValidator struct{}

func (quotaValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateCreate:"webhook validator"
	return nil, nil
}

func (quotaValidator) ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) { // want ValidateUpdate:"webhook validator"
	return nil, nil
}

func (quotaValidator) ValidateDelete(ctx context.Context, obj runtime.Object) (admission.Warnings, error) { // want ValidateDelete:"webhook validator"
	return nil, nil
}

func NewQuotaValidator() admission.CustomValidator { return quotaValidator{} }

// A value asserted to be a defaulter, as kubebuilder scaffolds do.
type LabelDefaulter struct{}

var _ webhook.CustomDefaulter = &LabelDefaulter{}

func (*LabelDefaulter) Default(ctx context.Context, obj runtime.Object) error { // want Default:"webhook defaulter"
	return nil
}

// Handlers combined with MultiValidatingHandler (variadic).
type firstCheck struct{}

func (firstCheck) Handle(ctx context.Context, req admission.Request) admission.Response { // want Handle:"webhook handler"
	return admission.Allowed("")
}

var combined = admission.MultiValidatingHandler(firstCheck{})

// A plain http handler registered with the webhook server.
type rawHook struct{}

func (rawHook) ServeHTTP(w http.ResponseWriter, r *http.Request) {} // want ServeHTTP:"webhook http"

func RegisterRaw(mgr manager.Manager) {
	mgr.GetWebhookServer().Register("/raw", rawHook{})
	mgr.GetWebhookServer().Register("/rawfunc", http.HandlerFunc(serveRaw))
}

func serveRaw(w http.ResponseWriter, r *http.Request) {} // want serveRaw:"webhook http"

// Functions given to the spoke converter.
func hubToSpoke(ctx context.Context, src *corev1.ConfigMap, dst *corev1.Secret) error { return nil } // want hubToSpoke:"webhook spoke"

func spokeToHub(ctx context.Context, src *corev1.Secret, dst *corev1.ConfigMap) error { return nil } // want spokeToHub:"webhook spoke"

var spokes = conversion.NewSpokeConverter(&corev1.Secret{}, hubToSpoke, spokeToHub)

// Look-alikes: admission-shaped methods on types never used as admission values.
type NotAValidator struct{}

func (NotAValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (NotAValidator) Default(ctx context.Context, obj runtime.Object) error { return nil }

func (NotAValidator) Handle(ctx context.Context, req admission.Request) admission.Response {
	return admission.Allowed("")
}

// Called directly, not as an admission interface.
func UseDirectly(ctx context.Context) {
	_, _ = NotAValidator{}.ValidateCreate(ctx, nil)
}

// An interface value: its dynamic type is not known here.
func Wrap(mgr manager.Manager, v admission.CustomValidator) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Secret{}).WithCustomValidator(v).Complete()
}

// A type of the package that only a test uses as a validator is not an entry point.
type testOnlyValidator struct{}

func (testOnlyValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (testOnlyValidator) ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (testOnlyValidator) ValidateDelete(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	return nil, nil
}
