// Package storage is a client of an external system (a cloud SDK) for the tests: a
// package outside the module under analysis, not of Kubernetes, logging or metrics.
package storage

import "context"

// Client talks to the storage service.
type Client struct{}

// DeleteBucket deletes a bucket.
func (c *Client) DeleteBucket(ctx context.Context, name string) error { return nil }

// Tag tags a bucket; no ctx.
func (c *Client) Tag(name, tag string) error { return nil }

// Region returns the configured region; no ctx.
func (c *Client) Region() string { return "" }
