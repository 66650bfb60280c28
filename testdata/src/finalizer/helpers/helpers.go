// Package helpers removes finalizers after cleanups done in helpers, of this package and
// of package cloud.
package helpers

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizer/helpers/cloud"
)

const fin = "example.com/cleanup"

type R struct {
	client.Client
	api cloud.API
	log logr.Logger
}

// cleanup swallows the error in this package.
func (r *R) cleanup(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.api.DeleteBucket(ctx, cm.Name); err != nil {
		r.log.Info("ignoring", "err", err)
	}
	return nil
}

// cleanupErr returns it.
func (r *R) cleanupErr(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.api.DeleteBucket(ctx, cm.Name); err != nil {
		return err
	}
	return nil
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	switch cm.Data["case"] {
	case "remote":
		cloud.Cleanup(ctx, r.api, r.log, cm.Name)
		controllerutil.RemoveFinalizer(cm, fin) // want `^the finalizer is removed although cloud\.Cleanup discards the error of api\.DeleteBucket \(cloud\.go:17, in cloud\.Cleanup\): if the cleanup failed, the object is deleted and what it owns outside the cluster leaks: return the error so that the cleanup is retried \(Reconcile\)$`
	case "nil":
		if err := cloud.CleanupNil(ctx, r.api, cm.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin) // want `cloud\.CleanupNil discards the error of api\.DeleteBucket \(cloud\.go:24, in cloud\.CleanupNil\)`
	case "chain":
		if err := cloud.CleanupAll(ctx, r.api, r.log, []string{cm.Name}); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin) // want `cloud\.CleanupAll discards the error of api\.DeleteBucket \(cloud\.go:17, in cloud\.CleanupAll → cloud\.Cleanup\)`
	case "local":
		if err := r.cleanup(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin) // want `r\.cleanup discards the error of r\.api\.DeleteBucket \(helpers\.go:27, in helpers\.R\.cleanup\)`
	case "returned":
		// Negative: the helper returns the error and the caller returns it.
		if err := cloud.CleanupErr(ctx, r.api, cm.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin)
	case "local-returned":
		// Negative: the same in this package.
		if err := r.cleanupErr(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin)
	case "deep":
		// Negative: the discarded error lies three functions down (a cache's eviction).
		if err := cloud.Lookup(ctx, r.api, cm.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cm, fin)
	case "after":
		// Negative: the helper runs after the finalizer is removed (a best-effort
		// cleanup of something else, not what the finalizer guards).
		controllerutil.RemoveFinalizer(cm, fin)
		cloud.Cleanup(ctx, r.api, r.log, cm.Name)
	}
	return ctrl.Result{}, r.Update(ctx, cm)
}

// Negative: the swallowing helper is called outside the deletion branch that removes
// the finalizer.
func (r *R) other(ctx context.Context, cm *corev1.ConfigMap) error {
	if cm.Data["x"] != "" {
		cloud.Cleanup(ctx, r.api, r.log, cm.Name)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if err := cloud.CleanupErr(ctx, r.api, cm.Name); err != nil {
			return err
		}
		controllerutil.RemoveFinalizer(cm, fin)
		return r.Update(ctx, cm)
	}
	return nil
}
