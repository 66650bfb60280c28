package apiserver

import (
	"errors"
	"fmt"
)

// Reasons of the API server's error statuses (metav1.StatusReason).
const (
	ReasonNotFound      = "NotFound"
	ReasonAlreadyExists = "AlreadyExists"
	ReasonConflict      = "Conflict"
	ReasonInvalid       = "Invalid"
	ReasonForbidden     = "Forbidden"
	ReasonInternalError = "InternalError"
)

// StatusError is an error status of the API server, with the HTTP code, the
// reason apierrors.ReasonForError returns and the message the client logs.
type StatusError struct {
	Code    int
	Reason  string
	Message string
}

func (e *StatusError) Error() string { return e.Message }

// NewNotFound is apierrors.NewNotFound.
func NewNotFound(k Kind, name string) error {
	return &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("%s %q not found", k.Resource, name)}
}

// NewAlreadyExists is apierrors.NewAlreadyExists.
func NewAlreadyExists(k Kind, name string) error {
	return &StatusError{Code: 409, Reason: ReasonAlreadyExists, Message: fmt.Sprintf("%s %q already exists", k.Resource, name)}
}

// NewConflict is the Conflict of a stale resourceVersion.
func NewConflict(k Kind, name string) error {
	return &StatusError{Code: 409, Reason: ReasonConflict, Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again", k.Resource, name)}
}

// NewInvalid is apierrors.NewInvalid with one field error.
func NewInvalid(k Kind, name, detail string) error {
	return &StatusError{Code: 422, Reason: ReasonInvalid, Message: fmt.Sprintf("%s %q is invalid: %s", kindName(k), name, detail)}
}

func kindName(k Kind) string {
	if k.APIVersion == "v1" || k.APIVersion == "" {
		return k.Name
	}
	g := k.APIVersion
	for i := range g {
		if g[i] == '/' {
			g = g[:i]
			break
		}
	}
	return k.Name + "." + g
}

// ReasonOf returns the reason of an error status in err's chain ("" if none).
func ReasonOf(err error) string {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Reason
	}
	return ""
}

// IsNotFound, IsAlreadyExists, IsConflict and IsInvalid are the apierrors
// predicates.
func IsNotFound(err error) bool      { return ReasonOf(err) == ReasonNotFound }
func IsAlreadyExists(err error) bool { return ReasonOf(err) == ReasonAlreadyExists }
func IsConflict(err error) bool      { return ReasonOf(err) == ReasonConflict }
func IsInvalid(err error) bool       { return ReasonOf(err) == ReasonInvalid }
