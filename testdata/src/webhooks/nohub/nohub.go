package nohub

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Thing implements Convertible, but no Hub is declared here or in a package imported
// directly: nothing can be converted through it.
type Thing struct{}

func (*Thing) GetObjectKind() schema.ObjectKind     { return nil }
func (t *Thing) DeepCopyObject() runtime.Object     { return t }
func (*Thing) ConvertTo(dst conversion.Hub) error   { return nil }
func (*Thing) ConvertFrom(src conversion.Hub) error { return nil }
