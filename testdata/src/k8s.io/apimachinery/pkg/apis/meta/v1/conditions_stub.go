package v1

// StatusReason is a machine-readable reason for a Status.
type StatusReason string
