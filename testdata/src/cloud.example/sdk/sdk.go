// Package sdk stands for a cloud provider's SDK in the finalizerfirst tests.
package sdk

import "context"

// Client talks to the cloud.
type Client struct{}

// CreateBucket creates a bucket.
func (c *Client) CreateBucket(ctx context.Context, name string) error { return nil }

// DeleteBucket deletes a bucket.
func (c *Client) DeleteBucket(ctx context.Context, name string) error { return nil }

// GetBucket reads a bucket.
func (c *Client) GetBucket(ctx context.Context, name string) (string, error) { return "", nil }
