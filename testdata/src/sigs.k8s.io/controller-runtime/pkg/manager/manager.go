// Package manager synthesizes package sigs.k8s.io/controller-runtime/pkg/manager for tests.
package manager

import (
	"context"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

// Manager runs controllers (subset of methods).
type Manager interface {
	Add(Runnable) error
	Start(ctx context.Context) error
	GetScheme() *runtime.Scheme
	GetClient() client.Client
	GetAPIReader() client.Reader
	GetCache() cache.Cache
	GetLogger() logr.Logger
	GetWebhookServer() webhook.Server
}

// Options configures a Manager (subset of fields).
type Options struct {
	Scheme         *runtime.Scheme
	Logger         logr.Logger
	LeaderElection bool
	Controller     config.Controller
}

// Runnable is started by the Manager.
type Runnable interface {
	Start(context.Context) error
}

// RunnableFunc adapts a function to Runnable.
type RunnableFunc func(context.Context) error

// Start calls r.
func (r RunnableFunc) Start(ctx context.Context) error { return r(ctx) }
