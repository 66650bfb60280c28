package errors

// IsInvalid is a stub.
func IsInvalid(err error) bool { return false }

// IsForbidden is a stub.
func IsForbidden(err error) bool { return false }

// IsTimeout is a stub.
func IsTimeout(err error) bool { return false }

// IsServerTimeout is a stub.
func IsServerTimeout(err error) bool { return false }

// IsTooManyRequests is a stub.
func IsTooManyRequests(err error) bool { return false }

// IsInternalError is a stub.
func IsInternalError(err error) bool { return false }

// IsServiceUnavailable is a stub.
func IsServiceUnavailable(err error) bool { return false }
