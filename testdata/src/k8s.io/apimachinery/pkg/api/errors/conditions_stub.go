package errors

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ReasonForError is a stub.
func ReasonForError(err error) metav1.StatusReason { return "" }
