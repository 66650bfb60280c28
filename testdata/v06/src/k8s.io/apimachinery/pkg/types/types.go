// Package types synthesizes package k8s.io/apimachinery/pkg/types for tests.
package types

// NamespacedName is a namespace and a name.
type NamespacedName struct {
	Namespace string
	Name      string
}
