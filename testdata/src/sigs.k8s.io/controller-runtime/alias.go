// Package controllerruntime synthesizes package sigs.k8s.io/controller-runtime for tests.
package controllerruntime

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/manager/signals"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Aliases of the sub-packages' types.
type (
	Builder       = builder.Builder
	Request       = reconcile.Request
	Result        = reconcile.Result
	Manager       = manager.Manager
	Options       = manager.Options
	GroupVersion  = schema.GroupVersion
	GroupResource = schema.GroupResource
	TypeMeta      = metav1.TypeMeta
	ObjectMeta    = metav1.ObjectMeta
)

// Function variables re-exported from the sub-packages.
var (
	NewControllerManagedBy = builder.ControllerManagedBy
	CreateOrPatch          = controllerutil.CreateOrPatch
	CreateOrUpdate         = controllerutil.CreateOrUpdate
	SetControllerReference = controllerutil.SetControllerReference
	SetupSignalHandler     = signals.SetupSignalHandler
)
