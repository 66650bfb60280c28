package webhook

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type QuotaHandler struct {
	ctx  context.Context // want `^webhook type QuotaHandler has a context.Context field ctx: a stored ctx is not the admission request's \(it is not cancelled when the API server gives up on the webhook, and has no request logger\) and is shared by concurrent requests: use the ctx parameter of the webhook method$`
	last map[string]context.Context
}

func (h *QuotaHandler) Handle(ctx context.Context, req admission.Request) admission.Response {
	h.ctx = ctx           // want `^the admission request's ctx is stored in h.ctx, which outlives the call: concurrent admission requests overwrite it \(a data race\) and a later reader gets the ctx of an answered request, already cancelled, with another request's logger; pass ctx as a parameter instead \(Handle\)$`
	h.last["quota"] = ctx // want `the admission request's ctx is stored in h.last\["quota"\]`
	return admission.Allowed("")
}

var hook = &admission.Webhook{Handler: &QuotaHandler{}}

// A look-alike: never used as a defaulter, so its field is not a webhook's.
type NotADefaulter struct {
	ctx context.Context
}

func (d *NotADefaulter) Default(ctx context.Context, obj runtime.Object) error {
	d.ctx = ctx
	return nil
}

// A per-call scope is fine.
type scope struct{ ctx context.Context }

type LabelDefaulter struct{}

func (LabelDefaulter) Default(ctx context.Context, obj runtime.Object) error {
	s := &scope{}
	s.ctx = ctx
	_ = s
	return nil
}

var _ admission.CustomDefaulter = LabelDefaulter{}
