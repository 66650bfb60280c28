package hub

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Widget is the hub version.
type Widget struct{ Size int }

func (*Widget) GetObjectKind() schema.ObjectKind { return nil }
func (w *Widget) DeepCopyObject() runtime.Object { return w }
func (*Widget) Hub()                             {}
