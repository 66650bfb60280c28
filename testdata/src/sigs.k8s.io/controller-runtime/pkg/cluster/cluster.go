// Package cluster synthesizes package sigs.k8s.io/controller-runtime/pkg/cluster for tests.
package cluster

import "context"

// Cluster gives access to one cluster (subset of methods).
type Cluster interface {
	Start(ctx context.Context) error
}
