// Package util is a helper package of the module with no reconciler.
package util

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// WatchSecrets watches two levels down.
func WatchSecrets(c controller.Controller, ca cache.Cache) error { // want WatchSecrets:"watch: util.WatchSecrets → util.watch → controller.Controller.Watch"
	return watch(c, ca)
}

func watch(c controller.Controller, ca cache.Cache) error {
	return c.Watch(source.Kind[client.Object](ca, &corev1.Secret{}, &handler.EnqueueRequestForObject{}))
}

// Tracker watches once per kind.
type Tracker struct{ seen map[string]bool }

// Track has no effect: it is guarded.
func (t *Tracker) Track(c controller.Controller, ca cache.Cache, kind string) error {
	if t.seen[kind] {
		return nil
	}
	t.seen[kind] = true
	return c.Watch(source.Kind[client.Object](ca, &corev1.Secret{}, &handler.EnqueueRequestForObject{}))
}
