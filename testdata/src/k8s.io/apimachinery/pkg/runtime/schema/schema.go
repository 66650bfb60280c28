// Package schema synthesizes package k8s.io/apimachinery/pkg/runtime/schema for tests.
package schema

// GroupVersionKind is a group, version and kind.
type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// Empty reports whether all parts are empty.
func (gvk GroupVersionKind) Empty() bool { return gvk == GroupVersionKind{} }

// String is a stub.
func (gvk GroupVersionKind) String() string { return "" }

// GroupVersion returns the group and version.
func (gvk GroupVersionKind) GroupVersion() GroupVersion {
	return GroupVersion{Group: gvk.Group, Version: gvk.Version}
}

// GroupVersion is a group and version.
type GroupVersion struct {
	Group   string
	Version string
}

// WithKind adds a kind.
func (gv GroupVersion) WithKind(kind string) GroupVersionKind {
	return GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: kind}
}

// GroupResource is a group and resource.
type GroupResource struct {
	Group    string
	Resource string
}

// ObjectKind gives access to an object's kind.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}
