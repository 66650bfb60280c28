package analyzerutil

// WebhookWait says what a slow admission webhook does to the cluster. Rules that also
// report from webhook entry points (package webhooks) use it in their messages.
const WebhookWait = "the API server waits for the webhook on every create, update or delete of the kinds it covers (timeoutSeconds: 10s by default, at most 30s) and, with failurePolicy Fail, rejects the write when the webhook does not answer in time"

// WebhookCancel says what happens to a webhook's work when the API server gives up.
const WebhookCancel = "the API server gives up on the webhook at its timeout (10s by default) and the request's ctx is cancelled, but the work goes on"
