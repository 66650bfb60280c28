package controller_test

import "context"

var (
	errDeadline = context.DeadlineExceeded
	errCanceled = context.Canceled
)
