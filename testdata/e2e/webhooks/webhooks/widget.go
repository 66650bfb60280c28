// Package webhooks holds the admission webhooks of the Widget kind.
package webhooks

import (
	"context"
	"fmt"
	"net/http"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	v2 "example.com/webhooks/api/v2"
	"example.com/webhooks/internal/probe"
)

// WidgetWebhook validates and defaults Widgets.
type WidgetWebhook struct {
	Client   client.Client
	Endpoint string
}

// SetupWithManager registers the validating and defaulting webhooks.
func (w *WidgetWebhook) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &v2.Widget{}).
		WithValidator(w).
		WithDefaulter(w).
		Complete()
}

// ValidateCreate lists the other Widgets with a detached ctx.
func (w *WidgetWebhook) ValidateCreate(ctx context.Context, obj *v2.Widget) (admission.Warnings, error) {
	var list v2.Widget
	if err := w.Client.Get(context.Background(), client.ObjectKeyFromObject(obj), &list); err != nil {
		return nil, err
	}
	return nil, nil
}

// ValidateUpdate waits for the endpoint before it lets the update through.
func (w *WidgetWebhook) ValidateUpdate(ctx context.Context, oldObj, newObj *v2.Widget) (admission.Warnings, error) {
	if !probe.Reachable(w.Endpoint) {
		return nil, fmt.Errorf("endpoint %s unreachable", w.Endpoint)
	}
	return nil, nil
}

// ValidateDelete is fine: it uses the request's ctx and returns.
func (w *WidgetWebhook) ValidateDelete(ctx context.Context, obj *v2.Widget) (admission.Warnings, error) {
	return nil, w.Client.Get(ctx, client.ObjectKeyFromObject(obj), &v2.Widget{})
}

// Default asks a defaults service without the request's ctx.
func (w *WidgetWebhook) Default(ctx context.Context, obj *v2.Widget) error {
	resp, err := http.Get(w.Endpoint + "/defaults")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if obj.Size == 0 {
		obj.Size = 1
	}
	return nil
}

// AuditHandler is a raw admission handler.
type AuditHandler struct {
	Client client.Client
}

// Register serves the handler on the manager's webhook server.
func (h *AuditHandler) Register(mgr ctrl.Manager) {
	mgr.GetWebhookServer().Register("/audit-widget", &admission.Webhook{Handler: h})
}

// Handle records the request on another goroutine, and retries a lookup in a loop.
func (h *AuditHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
	go h.record(req.Name)
	var wd v2.Widget
	for {
		if err := h.Client.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: req.Name}, &wd); err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		break
	}
	return admission.Allowed("")
}

func (h *AuditHandler) record(name string) { _ = name }

// lookalike has a ValidateCreate method but is never used as a validator.
type lookalike struct{}

func (lookalike) ValidateCreate(ctx context.Context, obj *v2.Widget) (admission.Warnings, error) {
	time.Sleep(time.Second)
	return nil, nil
}

// Check calls the look-alike directly.
func Check(ctx context.Context) error {
	_, err := lookalike{}.ValidateCreate(ctx, &v2.Widget{})
	return err
}
