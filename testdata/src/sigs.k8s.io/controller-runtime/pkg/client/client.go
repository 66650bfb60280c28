// Package client synthesizes package sigs.k8s.io/controller-runtime/pkg/client for tests.
package client

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// Object is an API object with metadata.
type Object interface {
	metav1.Object
	runtime.Object
}

// ObjectList is a list of API objects.
type ObjectList interface {
	metav1.ListInterface
	runtime.Object
}

// ObjectKey identifies an object.
type ObjectKey = types.NamespacedName

// ObjectKeyFromObject returns obj's key.
func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

// Patch is a patch to apply to an object.
type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

// Reader reads objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

// Writer writes objects.
type Writer interface {
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error
}

// StatusClient returns a writer for the status subresource.
type StatusClient interface {
	Status() SubResourceWriter
}

// SubResourceClientConstructor returns a client for a subresource.
type SubResourceClientConstructor interface {
	SubResource(subResource string) SubResourceClient
}

// StatusWriter writes the status subresource.
type StatusWriter = SubResourceWriter

// SubResourceReader reads a subresource.
type SubResourceReader interface {
	Get(ctx context.Context, obj Object, subResource Object, opts ...SubResourceGetOption) error
}

// SubResourceWriter writes a subresource.
type SubResourceWriter interface {
	Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...SubResourceApplyOption) error
}

// SubResourceClient reads and writes a subresource.
type SubResourceClient interface {
	SubResourceReader
	SubResourceWriter
}

// Client reads and writes objects (subset: no RESTMapper).
type Client interface {
	Reader
	Writer
	StatusClient
	SubResourceClientConstructor

	Scheme() *runtime.Scheme
	GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error)
	IsObjectNamespaced(obj runtime.Object) (bool, error)
}

// WithWatch is a Client that can also watch.
type WithWatch interface {
	Client
	Watch(ctx context.Context, obj ObjectList, opts ...ListOption) (watch.Interface, error)
}

// IgnoreNotFound drops not-found errors.
func IgnoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// IgnoreAlreadyExists drops already-exists errors.
func IgnoreAlreadyExists(err error) error {
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}
