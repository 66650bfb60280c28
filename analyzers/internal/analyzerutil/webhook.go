package analyzerutil

import "github.com/reconcilelint/reconcilelint/passes/entry"

// WebhookWait says what a slow admission webhook does to the cluster. Rules that also
// report from webhook entry points (package webhooks) use it in their messages.
const WebhookWait = "the API server waits for the webhook on every create, update or delete of the kinds it covers (timeoutSeconds: 10s by default, at most 30s) and, with failurePolicy Fail, rejects the write when the webhook does not answer in time"

// ConversionWait says what a slow conversion webhook does: the API server calls it to
// convert objects between versions of a kind, on reads as well as writes.
const ConversionWait = "the API server waits for the conversion webhook on every read and write of the kind in a version other than the stored one (lists and watches included) and fails the request when the webhook does not answer in time"

// Wait says what a slow webhook of kind k does: ConversionWait for entry.Conversion,
// WebhookWait for entry.Admission.
func Wait(k entry.Kind) string {
	if k == entry.Conversion {
		return ConversionWait
	}
	return WebhookWait
}
