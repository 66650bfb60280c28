// Package runtime synthesizes package k8s.io/apimachinery/pkg/runtime for tests.
package runtime

// Object is an API object (GetObjectKind is left out: a stub may declare fewer methods).
type Object interface {
	DeepCopyObject() Object
}
