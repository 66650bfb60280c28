package k8sapi

import (
	"go/types"
)

// Import paths of the webhook packages of controller-runtime.
const (
	WebhookPkg           = CtrlRoot + "/pkg/webhook"
	AdmissionPkg         = CtrlRoot + "/pkg/webhook/admission"
	WebhookConversionPkg = CtrlRoot + "/pkg/webhook/conversion"
	// ConversionPkg declares Convertible and Hub, the interfaces of hub-and-spoke
	// conversion that the conversion webhook calls.
	ConversionPkg = CtrlRoot + "/pkg/conversion"
)

// AdmissionRole is the role in which controller-runtime calls a value of an admission
// interface type.
type AdmissionRole string

// Roles of admission values.
const (
	RoleHandler   AdmissionRole = "handler"   // admission.Handler: Handle
	RoleValidator AdmissionRole = "validator" // admission.Validator[T] / CustomValidator
	RoleDefaulter AdmissionRole = "defaulter" // admission.Defaulter[T] / CustomDefaulter
)

// AdmissionMethods lists the methods that the webhook server calls on a value of each role.
var AdmissionMethods = map[AdmissionRole][]string{
	RoleHandler:   {"Handle"},
	RoleValidator: {"ValidateCreate", "ValidateUpdate", "ValidateDelete"},
	RoleDefaulter: {"Default"},
}

// AdmissionInterface reports the role of t when t is one of the admission interfaces
// that controller-runtime calls on every admission request: admission.Handler,
// admission.Validator[T] (CustomValidator is Validator[runtime.Object]) or
// admission.Defaulter[T] (CustomDefaulter). Aliases (webhook.CustomValidator,
// webhook.AdmissionHandler) are looked through.
func AdmissionInterface(t types.Type) (AdmissionRole, bool) {
	switch {
	case IsType(t, AdmissionPkg, "Handler"):
		return RoleHandler, true
	case IsType(t, AdmissionPkg, "Validator"), IsType(t, AdmissionPkg, "CustomValidator"):
		// Before the generic Validator[T], CustomValidator was an interface of its own
		// (controller-runtime v0.20 and older); from then on it is an alias.
		return RoleValidator, true
	case IsType(t, AdmissionPkg, "Defaulter"), IsType(t, AdmissionPkg, "CustomDefaulter"):
		return RoleDefaulter, true
	}
	return "", false
}

// IsHandlerFunc reports whether t is admission.HandlerFunc.
func IsHandlerFunc(t types.Type) bool { return IsType(t, AdmissionPkg, "HandlerFunc") }

// IsAdmissionWebhook reports whether t is admission.Webhook (or webhook.Admission).
func IsAdmissionWebhook(t types.Type) bool { return IsType(t, AdmissionPkg, "Webhook") }

// IsWebhookRegister reports whether fn is the Register method of webhook.Server (the
// interface, or an implementation declared in package webhook).
func IsWebhookRegister(fn *types.Func) bool {
	m, ok := MethodOf(fn)
	return ok && m.Pkg == WebhookPkg && m.Name == "Register"
}

// IsSpokeConverterFunc reports whether fn is conversion.NewSpokeConverter, whose two
// function arguments the conversion webhook calls with the request's ctx.
func IsSpokeConverterFunc(fn *types.Func) bool {
	return IsObj(fn, WebhookConversionPkg, "NewSpokeConverter")
}

// ConvertibleInterfaces returns the conversion.Convertible and conversion.Hub interfaces
// as seen from pkg, or nils when pkg does not depend on package conversion.
func ConvertibleInterfaces(pkg *types.Package) (convertible, hub *types.Interface) {
	c := LookupType(pkg, ConversionPkg, "Convertible")
	h := LookupType(pkg, ConversionPkg, "Hub")
	if c == nil || h == nil {
		return nil, nil
	}
	convertible, _ = c.Type().Underlying().(*types.Interface)
	hub, _ = h.Type().Underlying().(*types.Interface)
	return convertible, hub
}
