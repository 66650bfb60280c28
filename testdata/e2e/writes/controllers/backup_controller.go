package controllers

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	backupv1 "example.com/writes/api/v1"
)

// BackupReconciler records the last run of each backup.
type BackupReconciler struct {
	client.Client
}

// Reconcile records the run in the status and writes the main resource: the status
// change is lost, since Backup has the status subresource.
func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &backupv1.Backup{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b.Status.LastRun = time.Now().Format(time.RFC3339)
	if err := r.Update(ctx, b); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// SnapshotReconciler does the same for snapshots, whose CRD has no status subresource:
// Update writes the status with the rest (no statusupdate finding); a new time each pass is a selftrigger loop.
type SnapshotReconciler struct {
	client.Client
}

// Reconcile implements reconcile.Reconciler.
func (r *SnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &backupv1.Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s.Status.LastRun = time.Now().Format(time.RFC3339)
	if err := r.Update(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
