package webhook

import (
	"context"
	"net/http"

	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type PolicyHandler struct{ url string }

func (h *PolicyHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
	resp, err := http.Get(h.url) // want `^http.Get cannot be cancelled: the webhook goes on waiting after the API server gives up on it at its timeout \(10s by default, at most 30s\) and cancels the request's ctx, and with failurePolicy Fail the write has been rejected meanwhile; build the request with http.NewRequestWithContext\(ctx, ...\) and send it with Client.Do \(Handle\)$`
	if err != nil {
		return admission.Errored(500, err)
	}
	defer resp.Body.Close()
	return admission.Allowed("")
}

func Register(mgr manager.Manager) {
	mgr.GetWebhookServer().Register("/policy", &admission.Webhook{Handler: &PolicyHandler{}})
}

// A look-alike: never used as a handler, so not reported as a webhook; still a method
// that ignores the ctx it is given, reported as such.
type NotAHandler struct{ url string }

func (h *NotAHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
	resp, err := http.Get(h.url) // want `^http.Get cannot be cancelled: the ctx its callers pass cannot stop it: .* \(Handle\)$`
	if err == nil {
		resp.Body.Close()
	}
	return admission.Allowed("")
}

// The Context variant with the request's ctx is fine.
type GoodHandler struct{ url string }

func (h *GoodHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
	r, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.url, nil)
	resp, err := http.DefaultClient.Do(r)
	if err == nil {
		resp.Body.Close()
	}
	return admission.Allowed("")
}

var _ admission.Handler = &GoodHandler{}
