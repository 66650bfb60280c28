// Package webhook synthesizes package sigs.k8s.io/controller-runtime/pkg/webhook for tests.
package webhook

import (
	"context"
	"net/http"

	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// Server serves webhooks (subset of methods).
type Server interface {
	NeedLeaderElection() bool
	Register(path string, hook http.Handler)
	Start(ctx context.Context) error
}

// Aliases of the admission types.
type (
	CustomDefaulter  = admission.CustomDefaulter
	CustomValidator  = admission.CustomValidator
	AdmissionRequest = admission.Request
	Admission        = admission.Webhook
	AdmissionHandler = admission.Handler
)
