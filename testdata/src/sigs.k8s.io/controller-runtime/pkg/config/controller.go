// Package config synthesizes package sigs.k8s.io/controller-runtime/pkg/config for tests.
package config

import "time"

// Controller holds the defaults of every controller of a manager (subset of fields).
type Controller struct {
	MaxConcurrentReconciles int
	ReconciliationTimeout   time.Duration
}
