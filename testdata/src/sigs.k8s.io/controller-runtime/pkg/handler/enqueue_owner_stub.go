package handler

import (
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type enqueueRequestForOwnerInterface interface{}

// OwnerOption modifies an EnqueueRequestForOwner.
type OwnerOption func(e enqueueRequestForOwnerInterface)

// EnqueueRequestForOwner is a stub.
func EnqueueRequestForOwner(scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) EventHandler {
	return nil
}

// TypedEnqueueRequestForOwner is a stub.
func TypedEnqueueRequestForOwner[object client.Object](scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) TypedEventHandler[object, reconcile.Request] {
	return nil
}

// OnlyControllerOwner is a stub.
func OnlyControllerOwner() OwnerOption { return nil }
