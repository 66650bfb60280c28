package errors

// IsBadRequest is a stub.
func IsBadRequest(err error) bool { return false }

// IsRequestEntityTooLargeError is a stub.
func IsRequestEntityTooLargeError(err error) bool { return false }

// IsMethodNotSupported is a stub.
func IsMethodNotSupported(err error) bool { return false }

// IsNotAcceptable is a stub.
func IsNotAcceptable(err error) bool { return false }

// IsUnsupportedMediaType is a stub.
func IsUnsupportedMediaType(err error) bool { return false }
